// Shows the signed-in person in the Accounts menu. Sessions come from AuthSession; signing out
// from the Accounts menu ends the extension's session too.
import * as vscode from 'vscode';
import { AUTH_PROVIDER_ID, AUTH_PROVIDER_LABEL, COMMAND_IDS } from '../ids';
import type { AuthSession, SessionState } from './auth-session';

const SESSION_ID = 'wsc-session';

export class WscAuthenticationProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;
  private last: vscode.AuthenticationSession | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly session: AuthSession) {
    this.last = this.toSession(session.state);
    this.subscription = session.onDidChange((state) => this.update(state));
  }

  async getSessions(): Promise<vscode.AuthenticationSession[]> {
    return this.last ? [this.last] : [];
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    await vscode.commands.executeCommand(COMMAND_IDS.signIn);
    const created = this.toSession(this.session.state);
    if (!created) throw new Error('Sign-in was cancelled. Run "Workspace: Sign In" to try again.');
    return created;
  }

  async removeSession(): Promise<void> {
    await this.session.signOut();
  }

  private update(state: SessionState): void {
    const next = this.toSession(state);
    const previous = this.last;
    this.last = next;
    if (previous && (!next || previous.account.id !== next.account.id)) this.changed.fire({ added: [], removed: [previous], changed: [] });
    if (next && (!previous || previous.account.id !== next.account.id)) this.changed.fire({ added: [next], removed: [], changed: [] });
  }

  private toSession(state: SessionState): vscode.AuthenticationSession | undefined {
    const token = this.session.accessToken();
    if (state.kind !== 'signedIn' || !token) return undefined;
    const { identity } = state;
    return {
      id: SESSION_ID,
      accessToken: token,
      account: { id: `${state.serviceUrl}#${identity.userId}`, label: `${identity.name} (@${identity.handle}) · ${identity.workspace}` },
      scopes: [],
    };
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

export function registerAuthenticationProvider(session: AuthSession): { provider: WscAuthenticationProvider; disposables: vscode.Disposable[] } {
  const provider = new WscAuthenticationProvider(session);
  return {
    provider,
    disposables: [provider, vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, AUTH_PROVIDER_LABEL, provider, { supportsMultipleAccounts: false })],
  };
}
