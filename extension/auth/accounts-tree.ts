// The Accounts view in the Workspace side bar: a row per signed-in account, the active one marked;
// a click switches to it, the context menu offers Switch and Sign Out.
import * as vscode from 'vscode';
import { accountContextValue } from '../context-values';
import { COMMAND_IDS } from '../ids';
import { accountLabel, type StoredAccount } from './account-list';
import { hostOf } from './account-picks';
import type { AuthSession } from './auth-session';

export class AccountsTree implements vscode.TreeDataProvider<StoredAccount>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly auth: AuthSession) {
    this.subscriptions = [this.changed, auth.onDidChange(() => this.changed.fire()), auth.onDidChangeAccounts(() => this.changed.fire())];
  }

  getChildren(element?: StoredAccount): StoredAccount[] {
    return element ? [] : this.auth.accounts();
  }

  getTreeItem(account: StoredAccount): vscode.TreeItem {
    const active = account.id === this.auth.activeAccountId;
    const item = new vscode.TreeItem(accountLabel(account), vscode.TreeItemCollapsibleState.None);
    item.id = account.id;
    item.description = active ? vscode.l10n.t('@{0} · {1} · active', account.handle, hostOf(account.serviceUrl)) : `@${account.handle} · ${hostOf(account.serviceUrl)}`;
    item.tooltip = active
      ? vscode.l10n.t('{0} (@{1}) in {2} at {3} (active)', account.name, account.handle, account.workspace, account.serviceUrl)
      : vscode.l10n.t('{0} (@{1}) in {2} at {3}', account.name, account.handle, account.workspace, account.serviceUrl);
    item.iconPath = new vscode.ThemeIcon(active ? 'pass-filled' : 'account');
    item.contextValue = accountContextValue({ active });
    if (!active) item.command = { command: COMMAND_IDS.switchAccount, title: 'Switch Account', arguments: [{ accountId: account.id }] };
    return item;
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
  }
}
