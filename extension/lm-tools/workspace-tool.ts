// One workspace tool as a VS Code language model tool: the call goes to the service's MCP tool of
// the same name (shared callMcpTool), so the arguments are checked, permitted and made idempotent
// by the service exactly as for any agent. Reads run without asking; a write first shows exactly
// what will be sent (prepareInvocation's confirmation) and carries one idempotency key per
// invocation. A tool failure (bad arguments, refused, not found) is thrown with the service's
// words, which VS Code hands to the model so it can correct itself.
import * as vscode from 'vscode';
import { callMcpTool } from '../../shared/index';
import type { WscServices } from '../context';
import { writeConfirmation, type WriteConfirmation } from './confirmation';

export interface PreparedWrite extends WriteConfirmation {
  /** The MCP tool name. */
  tool: string;
}

type Input = Record<string, unknown>;

const SIGN_IN = 'Not signed in to a workspace. Run "Workspace: Sign In" in VS Code, then ask again.';

export class WorkspaceLmTool implements vscode.LanguageModelTool<Input> {
  constructor(
    private readonly services: WscServices,
    private readonly mcpName: string,
    private readonly title: string,
    private readonly reads: boolean,
    /** Told every confirmation shown, as shown (the feature's onDidPrepareWrite). */
    private readonly prepared: (confirmation: PreparedWrite) => void,
  ) {}

  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<Input>): vscode.PreparedToolInvocation {
    if (this.reads) return { invocationMessage: `Workspace: ${this.title}` };
    const state = this.services.auth.state;
    const where = state.kind === 'signedIn' ? { workspace: state.identity.workspace, as: `${state.identity.name} (@${state.identity.handle})` } : { workspace: 'the workspace', as: 'you' };
    const confirmation = writeConfirmation(this.title, options.input ?? {}, where);
    this.prepared({ tool: this.mcpName, ...confirmation });
    return {
      invocationMessage: `Workspace: ${this.title}`,
      confirmationMessages: { title: confirmation.title, message: new vscode.MarkdownString(confirmation.message) },
    };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<Input>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const state = this.services.auth.state;
    if (state.kind !== 'signedIn') throw new Error(SIGN_IN);
    const secret = await this.services.context.secrets.get(this.services.auth.storageKey());
    if (!secret) throw new Error(SIGN_IN);
    const args: Input = { ...(options.input ?? {}) };
    // One key per invocation: a retry of this call inside the service never writes twice. node:crypto
    // is fetched here, not imported: loading the extension does not load it.
    if (!this.reads && args.idempotency_key === undefined) args.idempotency_key = `vscode-lm-${process.getBuiltinModule('node:crypto').randomUUID()}`;
    const abort = new AbortController();
    const cancelled = token.onCancellationRequested(() => abort.abort());
    try {
      const answer = await callMcpTool({ baseUrl: state.serviceUrl, token: secret, clientName: `${this.services.config().clientName}-agent`, signal: abort.signal }, this.mcpName, args);
      if (answer.isError) throw new Error(answer.text);
      return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(answer.text)]);
    } finally {
      cancelled.dispose();
    }
  }
}
