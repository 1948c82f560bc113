// The workspace's MCP server as VS Code's agent mode sees it: one HTTP definition for the
// signed-in service's /api/mcp. The definition carries no credentials; the bearer token is read
// from SecretStorage only when VS Code starts the server (resolveMcpServerDefinition), so it is
// never written to settings or mcp.json. Sign-in, sign-out and a service change fire the change
// event, and VS Code asks again.
import * as vscode from 'vscode';
import { mcpEndpointUrl, mcpRequestHeaders } from '../../shared/index';
import type { WscServices } from '../context';

/** Bumped when the tools change shape, so VS Code offers to refresh them. */
export const MCP_SERVER_VERSION = '1.0.0';

export interface McpServerDescription {
  label: string;
  url: string;
  workspace: string;
}

export class WorkspaceMcpProvider implements vscode.McpServerDefinitionProvider<vscode.McpHttpServerDefinition>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeMcpServerDefinitions = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly services: WscServices) {
    this.subscription = services.onDidChangeSession(() => this.changed.fire());
  }

  /** What is offered now (signed in: the service's MCP endpoint), never a token. */
  describe(): McpServerDescription | undefined {
    const state = this.services.auth.state;
    if (state.kind !== 'signedIn') return undefined;
    return { label: `Workspace: ${state.identity.workspace}`, url: mcpEndpointUrl(state.serviceUrl), workspace: state.identity.workspace };
  }

  provideMcpServerDefinitions(): vscode.McpHttpServerDefinition[] {
    const described = this.describe();
    if (!described) return [];
    return [new vscode.McpHttpServerDefinition(described.label, vscode.Uri.parse(described.url), { 'x-service-client': this.clientName() }, MCP_SERVER_VERSION)];
  }

  async resolveMcpServerDefinition(server: vscode.McpHttpServerDefinition): Promise<vscode.McpHttpServerDefinition | undefined> {
    const state = this.services.auth.state;
    const described = this.describe();
    if (state.kind !== 'signedIn' || !described || described.url !== server.uri.toString(true)) {
      void vscode.window.showWarningMessage(vscode.l10n.t('The workspace MCP server needs a signed-in workspace. Run "Workspace: Sign In", then start the server again.'));
      return undefined;
    }
    const token = await this.services.context.secrets.get(this.services.auth.storageKey());
    if (!token) {
      void vscode.window.showWarningMessage(vscode.l10n.t('No token is stored for this workspace. Run "Workspace: Sign In" again, then start the MCP server again.'));
      return undefined;
    }
    return new vscode.McpHttpServerDefinition(server.label, server.uri, { ...server.headers, ...mcpRequestHeaders(token, this.clientName()) }, server.version);
  }

  /** Shown as 'via' on what the editor's agent posts. */
  private clientName(): string {
    return `${this.services.config().clientName}-agent`;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
