// The workspace's MCP server for VS Code's agent mode (vscode.lm MCP server definition provider,
// stable since VS Code 1.101) and "Workspace: Show MCP Server", which says what was registered.
import * as vscode from 'vscode';
import type { WscServices } from '../context';
import { COMMAND_IDS, MCP_PROVIDER_ID } from '../ids';
import { WorkspaceMcpProvider, type McpServerDescription } from './mcp-provider';

export interface McpFeature {
  provider: WorkspaceMcpProvider;
  /** False when this VS Code has no MCP server definition API (then nothing is offered to agents). */
  registered: boolean;
}

export function registerMcp(services: WscServices): McpFeature {
  const provider = new WorkspaceMcpProvider(services);
  services.register(provider);
  const lm = vscode.lm as Partial<typeof vscode.lm> | undefined;
  const registered = typeof lm?.registerMcpServerDefinitionProvider === 'function';
  if (registered) services.register(lm.registerMcpServerDefinitionProvider!(MCP_PROVIDER_ID, provider));
  else services.log.warn('This VS Code has no MCP server definition API (needs 1.101 or newer): the workspace tools are not offered to agent mode.');
  services.register(vscode.commands.registerCommand(COMMAND_IDS.showMcpServer, () => showMcpServer(services, provider, registered)));
  return { provider, registered };
}

/** Shows (and returns, for scripts) what is registered: label and URL, never the token. */
function showMcpServer(services: WscServices, provider: WorkspaceMcpProvider, registered: boolean): McpServerDescription | undefined {
  const described = provider.describe();
  if (!registered) {
    void vscode.window.showWarningMessage(vscode.l10n.t('This VS Code cannot offer MCP servers from extensions (it needs version 1.101 or newer). Update VS Code, or use `wsc mcp` from a terminal agent.'));
    return described;
  }
  if (!described) {
    const signIn = vscode.l10n.t('Sign In');
    void vscode.window.showInformationMessage(vscode.l10n.t('No workspace MCP server is registered while you are signed out.'), signIn).then((choice) => {
      if (choice === signIn) void vscode.commands.executeCommand(COMMAND_IDS.signIn);
    });
    return undefined;
  }
  services.log.info(`MCP server registered for agent mode: ${described.label} at ${described.url}`);
  const copy = vscode.l10n.t('Copy URL');
  // Not awaited: the command answers at once (scripts and tests get the description back).
  void vscode.window
    .showInformationMessage(
      vscode.l10n.t('Agent mode has the MCP server "{0}" at {1}. Its token is taken from the editor\'s secret storage when the server starts; it is not in settings or mcp.json.', described.label, described.url),
      copy,
    )
    .then((choice) => {
      if (choice === copy) void vscode.env.clipboard.writeText(described.url);
    });
  return described;
}
