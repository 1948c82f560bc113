// Shows every signed-in account in the Accounts menu, one session each. Sessions come from
// AuthSession; signing out of one from the Accounts menu signs that account out only.
import * as vscode from 'vscode';
import { AUTH_PROVIDER_ID, AUTH_PROVIDER_LABEL, COMMAND_IDS } from '../ids';
import type { StoredAccount } from './account-list';
import type { AuthSession } from './auth-session';

export class WscAuthenticationProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;
  /** The sessions last announced, by account id. */
  private last = new Map<string, vscode.AuthenticationSession>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly session: AuthSession) {
    this.subscriptions = [session.onDidChange(() => void this.update()), session.onDidChangeAccounts(() => void this.update())];
    void this.update();
  }

  async getSessions(): Promise<vscode.AuthenticationSession[]> {
    return [...(await this.sessions()).values()];
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    await vscode.commands.executeCommand(COMMAND_IDS.addAccount);
    const id = this.session.activeAccountId;
    const created = id ? (await this.sessions()).get(id) : undefined;
    if (!created) throw new Error('Sign-in was cancelled. Run "Workspace: Sign In" to try again.');
    return created;
  }

  async removeSession(sessionId: string): Promise<void> {
    await this.session.signOut(sessionId);
  }

  private async sessions(): Promise<Map<string, vscode.AuthenticationSession>> {
    const sessions = new Map<string, vscode.AuthenticationSession>();
    for (const account of this.session.accounts()) {
      const token = await this.session.tokenOf(account.id);
      if (token) sessions.set(account.id, toSession(account, token));
    }
    return sessions;
  }

  private async update(): Promise<void> {
    const next = await this.sessions();
    const previous = this.last;
    this.last = next;
    const removed = [...previous.values()].filter((s) => !next.has(s.id));
    const added = [...next.values()].filter((s) => !previous.has(s.id));
    const changed = [...next.values()].filter((s) => previous.has(s.id) && previous.get(s.id)?.account.label !== s.account.label);
    if (removed.length + added.length + changed.length > 0) this.changed.fire({ added, removed, changed });
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
    this.changed.dispose();
  }
}

function toSession(account: StoredAccount, token: string): vscode.AuthenticationSession {
  return {
    id: account.id,
    accessToken: token,
    account: { id: account.id, label: `${account.name} (@${account.handle}) · ${account.workspace}` },
    scopes: [],
  };
}

export function registerAuthenticationProvider(session: AuthSession): { provider: WscAuthenticationProvider; disposables: vscode.Disposable[] } {
  const provider = new WscAuthenticationProvider(session);
  return {
    provider,
    disposables: [provider, vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, AUTH_PROVIDER_LABEL, provider, { supportsMultipleAccounts: true })],
  };
}
