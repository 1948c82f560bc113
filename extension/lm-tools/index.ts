// The workspace's tools as VS Code language model tools (vscode.lm.registerTool), from the
// entries package.json contributes (generated from the service's tool list: manifest.ts). Reads
// are always offered; writes unless "wsc.agentTools.readOnly" is on (their `when` clause hides
// them from chat, and they are not registered). They work where MCP servers are turned off, and
// `#wsc_…` references them in chat.
import * as vscode from 'vscode';
import type { WscServices } from '../context';
import { AGENT_TOOL_SETTINGS, SETTINGS } from '../ids';
import { mcpToolName, READ_TAG, type LmToolContribution } from './manifest';
import { WorkspaceLmTool, type PreparedWrite } from './workspace-tool';

export interface LmToolsFeature {
  /** The tool names registered now. */
  registered(): string[];
  /** Each write confirmation VS Code asked for (prepareInvocation), with the words shown. */
  onDidPrepareWrite: vscode.Event<PreparedWrite>;
}

function readsOnly(): boolean {
  return vscode.workspace.getConfiguration(SETTINGS.section).get<boolean>(AGENT_TOOL_SETTINGS.readOnly) ?? false;
}

export function registerLmTools(services: WscServices): LmToolsFeature {
  const lm = vscode.lm as Partial<typeof vscode.lm> | undefined;
  const contributed = ((services.context.extension.packageJSON as { contributes?: { languageModelTools?: LmToolContribution[] } }).contributes?.languageModelTools ?? []).filter(
    (t) => mcpToolName(t.name) !== null,
  );
  const live = new Map<string, vscode.Disposable>();
  const prepared = new vscode.EventEmitter<PreparedWrite>();
  services.register(prepared);
  if (typeof lm?.registerTool !== 'function') {
    services.log.warn('This VS Code has no language model tool API: the workspace tools are offered to agents through MCP only.');
    return { registered: () => [], onDidPrepareWrite: prepared.event };
  }
  const sync = () => {
    const onlyReads = readsOnly();
    for (const entry of contributed) {
      const reads = entry.tags.includes(READ_TAG);
      const wanted = reads || !onlyReads;
      if (wanted && !live.has(entry.name)) {
        const title = entry.displayName.replace(/^Workspace: /, '');
        live.set(entry.name, lm.registerTool!(entry.name, new WorkspaceLmTool(services, mcpToolName(entry.name)!, title, reads, (p) => prepared.fire(p))));
      } else if (!wanted && live.has(entry.name)) {
        live.get(entry.name)?.dispose();
        live.delete(entry.name);
      }
    }
  };
  sync();
  services.register(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`${SETTINGS.section}.${AGENT_TOOL_SETTINGS.readOnly}`)) sync();
    }),
    { dispose: () => [...live.values()].forEach((d) => d.dispose()) },
  );
  return { registered: () => [...live.keys()], onDidPrepareWrite: prepared.event };
}
