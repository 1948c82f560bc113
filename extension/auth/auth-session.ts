// The signed-in accounts and the active one: one Client per (service URL, token) for the active
// account, each account's token only in SecretStorage (key per account: service origin, workspace
// and person, so work and a client's workspace stay signed in side by side; account-list.ts).
import * as vscode from 'vscode';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE_FILE, cachingClient, Client, forgetAccount, isApiError, isWorthQueueing, knownAccount, offlineAccountFolder, rememberAccount, type Identity, type Logger, type OfflineCache } from '../../shared/index';
import type { WscConfig } from '../config';
import { WscError } from '../errors/describe-error';
import { AccountList, accountIdFor, accountLabel, accountSecretKey, serviceOrigin, storedAccount, type AccountStore, type StoredAccount } from './account-list';
import { secretKeyFor } from './secret-key';

export type SessionState =
  | { kind: 'signedOut'; serviceUrl: string }
  | { kind: 'signedIn'; serviceUrl: string; identity: Identity };

interface Current {
  serviceUrl: string;
  token: string;
  client: Client;
  identity: Identity;
  /** The SecretStorage key the token is kept under (the account's; the former per-service key until it is moved). */
  key: string;
  /** The account's offline cache, kept current by the client's reads. */
  cache?: OfflineCache;
  /** False while the service could not be reached (signed in from the saved copy, or a call failed on the network). */
  reachable: boolean;
}

/** shared/offline/known-accounts.ts keeps which account a token is in this file under the offline root. */
const KNOWN_ACCOUNTS_FILE = 'accounts.json';

/** How often the service is asked again while it cannot be reached. */
export const RECONNECT_EVERY_MS = 5_000;

/** Asked before an account is signed out (no `account`: the active one); false keeps it. */
export type SignOutQuestion = (account?: StoredAccount & { label: string }) => Promise<boolean>;

export class AuthSession implements vscode.Disposable {
  private current: Current | undefined;
  private markRestored: () => void = () => undefined;
  private readonly firstRestore = new Promise<void>((resolve) => (this.markRestored = resolve));
  private readonly changed = new vscode.EventEmitter<SessionState>();
  /** Fires on every sign-in, sign-out and service change. */
  readonly onDidChange = this.changed.event;
  private readonly reachability = new vscode.EventEmitter<boolean>();
  /** Fires when the signed-in service stops answering (false) or answers again (true): views catch up on true. */
  readonly onDidChangeReachable = this.reachability.event;
  private readonly accountsChanged = new vscode.EventEmitter<void>();
  /** Fires when an account is added, signed out or renamed, or another one becomes active. */
  readonly onDidChangeAccounts = this.accountsChanged.event;
  private probeTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly subscriptions: vscode.Disposable[] = [this.changed, this.reachability, this.accountsChanged];
  private readonly accountList: AccountList;
  private signOutQuestion: SignOutQuestion | undefined;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly logger: Logger,
    private readonly config: () => WscConfig,
    /** Where the offline caches live (the extension's global storage); none: no cache. */
    private readonly offlineRoot: string | undefined,
    /** Where the account list (no tokens) and the active account are kept: globalState. */
    store: AccountStore,
    /** Switching to an account on another service points `wsc.serviceUrl` at it. */
    private readonly writeServiceUrl: (url: string) => Promise<void> = async () => undefined,
  ) {
    this.accountList = new AccountList(store);
    // Another window signed in or out: follow it. Our own writes (a sign-in storing its token, a
    // moved token, another account signed out) leave the active token as it is and change nothing.
    this.subscriptions.push(
      secrets.onDidChange(async (e) => {
        if (!e.key.startsWith('wsc.token:')) return;
        const current = this.current;
        const value = await secrets.get(e.key);
        const follow = current ? e.key === current.key && value !== current.token : value !== undefined;
        if (follow) void this.restore().catch(() => undefined);
      }),
    );
  }

  /** Every signed-in account, in the order they were added (no tokens). */
  accounts(): StoredAccount[] {
    return this.accountList.all();
  }

  /** The id of the account that drives the views, when signed in. */
  get activeAccountId(): string | undefined {
    return this.current ? accountIdFor(this.current.serviceUrl, this.current.identity) : undefined;
  }

  /** One account's stored token, for the AuthenticationProvider only. */
  tokenOf(accountId: string): Thenable<string | undefined> {
    return this.secrets.get(accountSecretKey(accountId));
  }

  get state(): SessionState {
    const c = this.current;
    return c ? { kind: 'signedIn', serviceUrl: c.serviceUrl, identity: c.identity } : { kind: 'signedOut', serviceUrl: this.config().serviceUrl };
  }

  get identity(): Identity | undefined {
    return this.current?.identity;
  }

  /** The signed-in account's offline cache file, when one is open. */
  get offlineCachePath(): string | undefined {
    return this.current?.cache?.path;
  }

  /** The signed-in account's offline cache, when one is open (views draw from it before the service answers). */
  get offlineCache(): OfflineCache | undefined {
    return this.current?.cache;
  }

  /** False while signed in but the service could not be reached; true otherwise. */
  get reachable(): boolean {
    return this.current?.reachable ?? true;
  }

  /** A call failed on the network: asks again every few seconds and says when it answers. */
  reportUnreachable(): void {
    const current = this.current;
    if (!current) return;
    if (current.reachable) {
      current.reachable = false;
      this.reachability.fire(false);
    }
    this.scheduleProbe();
  }

  /** The signed-in client, or undefined. */
  client(): Client | undefined {
    return this.current?.client;
  }

  /** The signed-in client; throws a WscError that offers "Sign in" when signed out. */
  requireClient(): Client {
    const client = this.current?.client;
    if (!client) throw this.notSignedInError();
    return client;
  }

  notSignedInError(): WscError {
    return new WscError(vscode.l10n.t('You are not signed in to the workspace.'), vscode.l10n.t('Run "Workspace: Sign In" with a personal token.'), ['signIn']);
  }

  /** Resolves once the first restore() (at activation) has finished, whatever its outcome. */
  whenRestored(): Promise<void> {
    return this.firstRestore;
  }

  /** Values to strip from every log line and message (the current token). */
  secretValues(): string[] {
    return this.current ? [this.current.token] : [];
  }

  /** The stored token for the configured service, for the AuthenticationProvider only. */
  accessToken(): string | undefined {
    return this.current?.token;
  }

  /** Where the active account's token is kept (signed out: the configured service's former key). */
  storageKey(): string {
    return this.current?.key ?? secretKeyFor(this.config().serviceUrl);
  }

  /**
   * Validates the token with GET /me against the configured service, then stores it and makes
   * its account the active one. Another account on the same service that was active is signed
   * out (its token replaced, as "Sign In" always did) unless `keepOthers` (Add Account, which
   * also names its own `serviceUrl`: the setting follows only once the account is signed in).
   * Throws the API error (401: the token is wrong or revoked) without storing anything.
   */
  async signIn(token: string, options: { keepOthers?: boolean; serviceUrl?: string } = {}): Promise<Identity> {
    const { clientName } = this.config();
    const serviceUrl = options.serviceUrl ?? this.config().serviceUrl;
    if (!serviceUrl) {
      throw new WscError(vscode.l10n.t('No service address is set.'), vscode.l10n.t('Set "wsc.serviceUrl" in the settings, or use the local demo service.'), ['openSettings', 'useDemoService']);
    }
    const trimmed = token.trim();
    if (!trimmed) throw new WscError(vscode.l10n.t('The token is empty.'), vscode.l10n.t('Paste a personal token (it starts with hpt_).'), ['signIn']);
    const client = new Client({ baseUrl: serviceUrl, token: trimmed, clientName, logger: this.logger });
    let identity: Identity;
    try {
      identity = await client.me();
    } catch (error) {
      await client.close();
      throw error;
    }
    const previous = this.current;
    // key '': not stored yet; replace() files the token under the account's key.
    await this.replace({ serviceUrl, token: trimmed, client, identity, key: '', reachable: true });
    if (!options.keepOthers && previous && serviceOrigin(previous.serviceUrl) === serviceOrigin(serviceUrl) && !sameAccount(previous.identity, identity)) {
      await this.forgetStored(accountIdFor(previous.serviceUrl, previous.identity), false);
    }
    this.logger.info('signed in', { service: serviceUrl, user: identity.handle, workspace: identity.workspace });
    return identity;
  }

  /**
   * Asked before any sign-out (the command, the Accounts view, VS Code's Accounts menu): the outbox
   * asks what to do with writes still waiting in that account's outbox; false keeps the account.
   */
  askBeforeSignOut(ask: SignOutQuestion | undefined): void {
    this.signOutQuestion = ask;
  }

  /**
   * Signs out of the active account (or of `accountId`: that one only, the active one stays),
   * once the sign-out question (askBeforeSignOut) allows it; false: the person kept it.
   */
  async signOut(accountId?: string): Promise<boolean> {
    const other = accountId && accountId !== this.activeAccountId ? this.accountList.find(accountId) : undefined;
    if (this.signOutQuestion && !(await this.signOutQuestion(other ? { ...other, label: accountLabel(other) } : undefined))) return false;
    await this.forget(accountId);
    return true;
  }

  /**
   * Forgets the token of the active account (or of `accountId`: that one only, the active one
   * stays) in SecretStorage and memory, and the account's offline cache.
   */
  private async forget(accountId?: string): Promise<void> {
    if (accountId && accountId !== this.activeAccountId) {
      await this.forgetStored(accountId, true);
      this.logger.info('signed out of an account that was not active', { service: this.accountList.find(accountId)?.serviceUrl });
      return;
    }
    const serviceUrl = this.current?.serviceUrl ?? this.config().serviceUrl;
    const cache = this.current?.cache;
    if (cache) {
      cache.close();
      for (const side of ['', '-journal']) rmSync(cache.path + side, { force: true });
    }
    if (this.offlineRoot && this.current) forgetAccount(this.offlineRoot, { baseUrl: this.current.serviceUrl, token: this.current.token });
    const active = this.activeAccountId;
    const key = this.current?.key ?? secretKeyFor(serviceUrl);
    if (active) await this.accountList.remove(active);
    await this.replace(undefined);
    await this.secrets.delete(key);
    this.logger.info('signed out', { service: serviceUrl });
  }

  /** An account that is not active: its token, list entry and (`dropCache`) offline cache go. */
  private async forgetStored(accountId: string, dropCache: boolean): Promise<void> {
    const account = this.accountList.find(accountId);
    const key = accountSecretKey(accountId);
    if (dropCache && account && this.offlineRoot) {
      const token = await this.secrets.get(key);
      const folder = offlineAccountFolder(this.offlineRoot, { serviceUrl: account.serviceUrl, workspaceId: account.workspaceId, userId: account.userId });
      for (const side of ['', '-journal']) rmSync(join(folder, CACHE_FILE) + side, { force: true });
      if (token) forgetAccount(this.offlineRoot, { baseUrl: account.serviceUrl, token });
    }
    await this.secrets.delete(key);
    await this.accountList.remove(accountId);
    this.accountsChanged.fire();
  }

  /**
   * Makes another signed-in account the active one with its stored token (no question asked);
   * `wsc.serviceUrl` follows it to its service. The previous account stays signed in; when the
   * other cannot be opened it stays active and the error is thrown.
   */
  async switchTo(accountId: string): Promise<SessionState> {
    const account = this.accountList.find(accountId);
    if (!account) {
      throw new WscError(vscode.l10n.t('That account is not signed in here any more.'), vscode.l10n.t('Pick another account, or add it again with "Workspace: Add Account…".'), ['signIn']);
    }
    const key = accountSecretKey(accountId);
    if (this.current?.key === key) return this.state;
    const token = await this.secrets.get(key);
    if (!token) {
      await this.accountList.remove(accountId);
      this.accountsChanged.fire();
      throw new WscError(vscode.l10n.t('{0} is no longer signed in (its token is gone).', accountLabel(account)), vscode.l10n.t('Add it again with "Workspace: Add Account…".'), ['signIn']);
    }
    const state = await this.open(account.serviceUrl, token, key, true);
    if (this.config().serviceUrl !== account.serviceUrl) await this.writeServiceUrl(account.serviceUrl);
    return state;
  }

  /**
   * Signs in with the stored token of the configured service, if any. A 401 forgets it (and
   * rethrows so the caller can say so); a network failure keeps it and rethrows.
   */
  async restore(): Promise<SessionState> {
    try {
      return await this.restoreOnce();
    } finally {
      this.markRestored();
    }
  }

  private async restoreOnce(): Promise<SessionState> {
    const { serviceUrl } = this.config();
    // Some account is known here: the store is needed either way, so it loads while the token is read.
    if (this.offlineRoot && existsSync(join(this.offlineRoot, KNOWN_ACCOUNTS_FILE))) void import('../../shared/cache').catch(() => undefined);
    // The active account's token is where it was (our own write, or another account's): nothing to do.
    const current = this.current;
    if (current && current.serviceUrl === serviceUrl && (await this.secrets.get(current.key)) === current.token) return this.state;
    const stored = serviceUrl ? await this.storedToken(serviceUrl) : undefined;
    if (!serviceUrl || !stored) {
      if (this.current) await this.replace(undefined);
      return this.state;
    }
    if (this.current && this.current.serviceUrl === serviceUrl && this.current.token === stored.token) return this.state;
    return this.open(serviceUrl, stored.token, stored.key, false);
  }

  /** The token to restore for this service: the active account's, another account's on it, else the former per-service key's. */
  private async storedToken(serviceUrl: string): Promise<{ token: string; key: string } | undefined> {
    for (const account of this.accountList.onService(serviceUrl)) {
      const key = accountSecretKey(account.id);
      const token = await this.secrets.get(key);
      if (token) return { token, key };
    }
    const key = secretKeyFor(serviceUrl);
    const token = await this.secrets.get(key);
    return token ? { token, key } : undefined;
  }

  /**
   * Signs in with a stored token: a known account from its saved copy at once, confirmed by GET
   * /me. A 401 forgets the token and rethrows; so does a network failure with no saved copy. On a
   * failure the session is signed out, unless `keepCurrent` (a switch: the active account stays).
   */
  private async open(serviceUrl: string, token: string, key: string, keepCurrent: boolean): Promise<SessionState> {
    const { clientName } = this.config();
    const before = this.current;
    const client = new Client({ baseUrl: serviceUrl, token, clientName, logger: this.logger });
    // A known account shows its saved copy at once; GET /me then confirms it (or signs out on 401).
    const saved = await this.savedSession(serviceUrl, token, key, client);
    if (saved) await this.replace(saved);
    try {
      const identity = await client.me();
      if (!saved) {
        await this.replace({ serviceUrl, token, client, identity, key, reachable: true });
      } else if (this.current?.client === saved.client && sameAccount(saved.identity, identity)) {
        this.markReachable(identity);
      } else if (this.current?.client === saved.client) {
        // The token now acts as another account: its saved copy goes, a client of its own comes.
        await this.replace({ serviceUrl, token, client: new Client({ baseUrl: serviceUrl, token, clientName, logger: this.logger }), identity, key, reachable: true });
      }
      return this.state;
    } catch (error) {
      if (saved && this.current?.client === saved.client && serviceUnreachable(error)) {
        this.logger.warn('the service cannot be reached; showing the saved copy', { service: serviceUrl, error: error instanceof Error ? error.message : String(error) });
        this.reportUnreachable();
        return this.state;
      }
      await client.close();
      // A switch that showed nothing of the other account yet leaves the active one as it was.
      if (this.current && !(keepCurrent && this.current === before)) await this.replace(undefined);
      if (isApiError(error) && error.code === 'unauthorized') {
        await this.secrets.delete(key);
        const gone = this.accountList.all().find((a) => accountSecretKey(a.id) === key);
        if (gone) {
          await this.accountList.remove(gone.id);
          this.accountsChanged.fire();
        }
      }
      throw error;
    }
  }

  /** The session of the account this token was last seen as, from its offline cache; undefined when none is kept. */
  private async savedSession(serviceUrl: string, token: string, key: string, client: Client): Promise<Current | undefined> {
    if (!this.offlineRoot) return undefined;
    const known = knownAccount(this.offlineRoot, { baseUrl: serviceUrl, token });
    if (!known) return undefined;
    const account = { serviceUrl, workspaceId: known.workspaceId, userId: known.userId };
    if (!existsSync(join(offlineAccountFolder(this.offlineRoot, account), CACHE_FILE))) return undefined;
    try {
      const { OfflineCache } = await import('../../shared/cache');
      const cache = OfflineCache.open(this.offlineRoot, account);
      const identity = cache.get<Identity>('me')?.value;
      if (!identity || cache.setAside || !sameAccount(identity, known)) {
        cache.close();
        return undefined;
      }
      return { serviceUrl, token, client: cachingClient(client, cache), identity, key, cache, reachable: true };
    } catch (error) {
      this.logger.warn('offline cache unavailable', { error: error instanceof Error ? error.message : String(error) });
      return undefined;
    }
  }

  private markReachable(identity?: Identity): void {
    const current = this.current;
    if (!current) return;
    if (identity) current.identity = identity;
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.probeTimer = undefined;
    if (current.reachable) return;
    current.reachable = true;
    this.logger.info('the service answers again', { service: current.serviceUrl });
    this.reachability.fire(true);
  }

  private scheduleProbe(): void {
    if (this.probeTimer) return;
    this.probeTimer = setTimeout(() => {
      this.probeTimer = undefined;
      const current = this.current;
      if (!current || current.reachable) return;
      current.client.me().then(
        (identity) => {
          if (this.current !== current) return;
          if (sameAccount(current.identity, identity)) this.markReachable(identity);
          else void this.restore().catch(() => undefined);
        },
        (error: unknown) => {
          if (this.current !== current) return;
          if (isApiError(error) && error.code === 'unauthorized') void this.expire();
          else this.scheduleProbe();
        },
      );
    }, RECONNECT_EVERY_MS);
  }

  /** A call answered 401: the token no longer works. Forget it; the caller offers "Sign in again". */
  async expire(): Promise<void> {
    if (this.current) await this.forget();
  }

  /** The client wrapped to keep the account's offline cache current (unchanged when it cannot be opened). */
  private async withCache(next: Current): Promise<Current> {
    if (!this.offlineRoot || next.cache) return next;
    try {
      // Loaded here, not at activation: the store is SQLite in WebAssembly.
      const { OfflineCache } = await import('../../shared/cache');
      const cache = OfflineCache.open(this.offlineRoot, { serviceUrl: next.serviceUrl, workspaceId: next.identity.workspaceId, userId: next.identity.userId });
      if (cache.setAside) void vscode.window.showWarningMessage(vscode.l10n.t("The workspace's offline cache could not be used ({0}); it was moved to {1} and a fresh one started.", cache.setAside.reason, cache.setAside.movedTo));
      cache.put('me', '', next.identity);
      rememberAccount(this.offlineRoot, { baseUrl: next.serviceUrl, token: next.token }, next.identity);
      return { ...next, client: cachingClient(next.client, cache), cache };
    } catch (error) {
      this.logger.warn('offline cache unavailable', { error: error instanceof Error ? error.message : String(error) });
      return next;
    }
  }

  private async replace(given: Current | undefined): Promise<void> {
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.probeTimer = undefined;
    const next = given ? await this.withCache(given) : undefined;
    const previous = this.current;
    if (previous?.cache && previous.cache !== next?.cache) previous.cache.close();
    this.current = next;
    if (next) await this.remember(next);
    this.changed.fire(this.state);
    // Not awaited: closing waits for the old client's open requests (a mention long-poll holds up
    // to 25 s), and the features stop using it as soon as they see the change.
    if (previous && previous.client !== next?.client) void previous.client.close().catch(() => undefined);
  }

  /** The active account in the list, its token under its own key (a token under the former per-service key moves there). */
  private async remember(next: Current): Promise<void> {
    const account = storedAccount(next.serviceUrl, next.identity);
    const key = accountSecretKey(account.id);
    if (next.key !== key) {
      const former = next.key;
      next.key = key;
      if ((await this.secrets.get(key)) !== next.token) await this.secrets.store(key, next.token);
      if (former === secretKeyFor(next.serviceUrl)) await this.secrets.delete(former);
    }
    await this.accountList.put(account);
    await this.accountList.setActive(account.id);
    this.accountsChanged.fire();
  }

  dispose(): void {
    if (this.probeTimer) clearTimeout(this.probeTimer);
    void this.current?.client.close().catch(() => undefined);
    this.current?.cache?.close();
    this.current = undefined;
    for (const d of this.subscriptions) d.dispose();
  }
}

function sameAccount(a: { workspaceId: string; userId: string }, b: { workspaceId: string; userId: string }): boolean {
  return a.workspaceId === b.workspaceId && a.userId === b.userId;
}

/** The service could not be asked (network, 5xx, 429): the saved copy stays and a later try may succeed. */
export function serviceUnreachable(error: unknown): boolean {
  return isWorthQueueing(error) && !(isApiError(error) && error.code === 'unauthorized');
}
