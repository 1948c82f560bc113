// What the account pick (status bar click, "Workspace: Switch Account…") offers: every account,
// the active one marked, then Add Account… and Sign Out of <account>… for each. vscode-free.
import { accountLabel, type StoredAccount } from './account-list';
import { l10n } from '../l10n';

export type AccountChoice = { kind: 'switch'; accountId: string } | { kind: 'add' } | { kind: 'signOut'; accountId: string };

export interface AccountPick {
  label: string;
  description?: string;
  /** A separator row before this one (its text). */
  separatorBefore?: string;
  choice: AccountChoice;
}

export function accountPicks(accounts: readonly StoredAccount[], activeId: string | undefined): AccountPick[] {
  const picks: AccountPick[] = accounts.map((account) => ({
    label: `${account.id === activeId ? '$(check)' : '$(account)'} ${accountLabel(account)}`,
    description: account.id === activeId ? l10n.t('@{0} · {1} · active', account.handle, hostOf(account.serviceUrl)) : `@${account.handle} · ${hostOf(account.serviceUrl)}`,
    choice: { kind: 'switch', accountId: account.id },
  }));
  picks.push({ label: `$(add) ${l10n.t('Add Account…')}`, separatorBefore: '', choice: { kind: 'add' } });
  for (const account of accounts) picks.push({ label: `$(sign-out) ${l10n.t('Sign Out of {0}…', accountLabel(account))}`, choice: { kind: 'signOut', accountId: account.id } });
  return picks;
}

/** The service's host (and port): enough to tell two services apart in a row. */
export function hostOf(serviceUrl: string): string {
  try {
    return new URL(serviceUrl).host;
  } catch {
    return serviceUrl;
  }
}
