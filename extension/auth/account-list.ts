// The signed-in accounts (never their tokens) and which one is active, kept in globalState; each
// account's token is in SecretStorage under its own key. vscode-free: the store is a Memento.
import type { Identity } from '../../shared/index';

export interface StoredAccount {
  /** `<service origin>#<workspace id>/<user id>`: one per person per workspace per service. */
  id: string;
  serviceUrl: string;
  workspaceId: string;
  userId: string;
  name: string;
  handle: string;
  workspace: string;
}

/** The part of vscode.Memento the list needs. */
export interface AccountStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

export const ACCOUNTS_KEY = 'wsc.accounts';
export const ACTIVE_ACCOUNT_KEY = 'wsc.activeAccount';

export function serviceOrigin(serviceUrl: string): string {
  try {
    return new URL(serviceUrl.trim()).origin;
  } catch {
    return serviceUrl.trim();
  }
}

export function accountIdFor(serviceUrl: string, identity: Pick<Identity, 'workspaceId' | 'userId'>): string {
  return `${serviceOrigin(serviceUrl)}#${identity.workspaceId}/${identity.userId}`;
}

/** SecretStorage key of one account's token (the per-service key `wsc.token:<origin>` is the former one, read once to migrate). */
export function accountSecretKey(accountId: string): string {
  return `wsc.token:${accountId}`;
}

/** "Olivia Owner · Acme Test": how the status bar, the Accounts view and the pick name an account. */
export function accountLabel(account: Pick<StoredAccount, 'name' | 'workspace'>): string {
  return `${account.name} · ${account.workspace}`;
}

export function storedAccount(serviceUrl: string, identity: Identity): StoredAccount {
  return {
    id: accountIdFor(serviceUrl, identity),
    serviceUrl,
    workspaceId: identity.workspaceId,
    userId: identity.userId,
    name: identity.name,
    handle: identity.handle,
    workspace: identity.workspace,
  };
}

export class AccountList {
  constructor(private readonly store: AccountStore) {}

  all(): StoredAccount[] {
    const value = this.store.get<unknown>(ACCOUNTS_KEY);
    return Array.isArray(value) ? (value as StoredAccount[]).filter((a) => typeof a?.id === 'string' && typeof a.serviceUrl === 'string') : [];
  }

  find(id: string): StoredAccount | undefined {
    return this.all().find((a) => a.id === id);
  }

  activeId(): string | undefined {
    return this.store.get<string>(ACTIVE_ACCOUNT_KEY);
  }

  /** The accounts on this service, the active one first. */
  onService(serviceUrl: string): StoredAccount[] {
    const origin = serviceOrigin(serviceUrl);
    const active = this.activeId();
    return this.all()
      .filter((a) => serviceOrigin(a.serviceUrl) === origin)
      .sort((a, b) => Number(b.id === active) - Number(a.id === active));
  }

  /** Adds the account or refreshes its names; keeps the order accounts were added in. */
  async put(account: StoredAccount): Promise<void> {
    const all = this.all();
    const at = all.findIndex((a) => a.id === account.id);
    if (at >= 0 && JSON.stringify(all[at]) === JSON.stringify(account)) return;
    if (at >= 0) all[at] = account;
    else all.push(account);
    await this.store.update(ACCOUNTS_KEY, all);
  }

  async setActive(id: string | undefined): Promise<void> {
    if (this.activeId() !== id) await this.store.update(ACTIVE_ACCOUNT_KEY, id);
  }

  async remove(id: string): Promise<void> {
    const all = this.all();
    if (all.some((a) => a.id === id)) await this.store.update(ACCOUNTS_KEY, all.filter((a) => a.id !== id));
    if (this.activeId() === id) await this.store.update(ACTIVE_ACCOUNT_KEY, undefined);
  }
}
