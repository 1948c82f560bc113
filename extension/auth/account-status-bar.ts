// The status bar item naming the active account (name · workspace) and its state: signed in,
// offline (the service cannot be reached), or signed out with other accounts to switch to.
// A click opens the account pick.
import * as vscode from 'vscode';
import { COMMAND_IDS, STATUS_BAR_IDS } from '../ids';
import { accountLabel } from './account-list';
import type { AuthSession } from './auth-session';

export function createAccountStatusBar(auth: AuthSession): { item: vscode.StatusBarItem; disposables: vscode.Disposable[] } {
  const item = vscode.window.createStatusBarItem(STATUS_BAR_IDS.account, vscode.StatusBarAlignment.Left, 52);
  item.name = vscode.l10n.t('Workspace Account');
  item.command = COMMAND_IDS.switchAccount;
  const show = () => {
    const state = auth.state;
    const others = auth.accounts().length;
    if (state.kind === 'signedIn') {
      const label = accountLabel({ name: state.identity.name, workspace: state.identity.workspace });
      item.text = auth.reachable ? `$(account) ${label}` : `$(debug-disconnect) ${vscode.l10n.t('{0} (offline)', label)}`;
      const { name, handle, workspace } = state.identity;
      item.tooltip = auth.reachable
        ? vscode.l10n.t('Signed in as {0} (@{1}) to {2} at {3}. Click to switch accounts.', name, handle, workspace, state.serviceUrl)
        : vscode.l10n.t('Offline (the service cannot be reached) as {0} (@{1}) to {2} at {3}. Click to switch accounts.', name, handle, workspace, state.serviceUrl);
      item.show();
    } else if (others > 0) {
      item.text = `$(account) ${vscode.l10n.t('Workspace: signed out')}`;
      item.tooltip = vscode.l10n.t('No account is active; {0} signed in. Click to switch to one or add an account.', others);
      item.show();
    } else {
      item.hide();
    }
  };
  show();
  return { item, disposables: [item, auth.onDidChange(show), auth.onDidChangeAccounts(show), auth.onDidChangeReachable(show)] };
}
