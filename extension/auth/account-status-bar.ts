// The status bar item naming the active account (name · workspace) and its state: signed in,
// offline (the service cannot be reached), or signed out with other accounts to switch to.
// A click opens the account pick.
import * as vscode from 'vscode';
import { COMMAND_IDS, STATUS_BAR_IDS } from '../ids';
import { accountLabel } from './account-list';
import type { AuthSession } from './auth-session';

export function createAccountStatusBar(auth: AuthSession): { item: vscode.StatusBarItem; disposables: vscode.Disposable[] } {
  const item = vscode.window.createStatusBarItem(STATUS_BAR_IDS.account, vscode.StatusBarAlignment.Left, 52);
  item.name = 'Workspace Account';
  item.command = COMMAND_IDS.switchAccount;
  const show = () => {
    const state = auth.state;
    const others = auth.accounts().length;
    if (state.kind === 'signedIn') {
      const label = accountLabel({ name: state.identity.name, workspace: state.identity.workspace });
      item.text = auth.reachable ? `$(account) ${label}` : `$(debug-disconnect) ${label} (offline)`;
      item.tooltip = `${auth.reachable ? 'Signed in' : 'Offline (the service cannot be reached)'} as ${state.identity.name} (@${state.identity.handle}) to ${state.identity.workspace} at ${state.serviceUrl}. Click to switch accounts.`;
      item.show();
    } else if (others > 0) {
      item.text = '$(account) Workspace: signed out';
      item.tooltip = `No account is active; ${others} signed in. Click to switch to one or add an account.`;
      item.show();
    } else {
      item.hide();
    }
  };
  show();
  return { item, disposables: [item, auth.onDidChange(show), auth.onDidChangeAccounts(show), auth.onDidChangeReachable(show)] };
}
