// The signed-in state: one Client per (service URL, token), the token only in SecretStorage
// (key per service origin, so the demo service and a hosted one keep separate tokens).
import * as vscode from 'vscode';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE_FILE, cachingClient, Client, forgetAccount, isApiError, isWorthQueueing, knownAccount, offlineAccountFolder, rememberAccount, type Identity, type Logger, type OfflineCache } from '../../shared/index';
import type { WscConfig } from '../config';
import { WscError } from '../errors/describe-error';
import { secretKeyFor } from './secret-key';

export type SessionState =
  | { kind: 'signedOut'; serviceUrl: string }
  | { kind: 'signedIn'; serviceUrl: string; identity: Identity };

interface Current {
  serviceUrl: string;
  token: string;
  client: Client;
  identity: Identity;
  /** The account's offline cache, kept current by the client's reads. */
  cache?: OfflineCache;
  /** False while the service could not be reached (signed in from the saved copy, or a call failed on the network). */
  reachable: boolean;
}

/** shared/offline/known-accounts.ts keeps which account a token is in this file under the offline root. */
const KNOWN_ACCOUNTS_FILE = 'accounts.json';

/** How often the service is asked again while it cannot be reached. */
export const RECONNECT_EVERY_MS = 5_000;

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
  private probeTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly subscriptions: vscode.Disposable[] = [this.changed, this.reachability];

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly logger: Logger,
    private readonly config: () => WscConfig,
    /** Where the offline caches live (the extension's global storage); none: no cache. */
    private readonly offlineRoot?: string,
  ) {
    // Another window signed in or out: follow it.
    this.subscriptions.push(
      secrets.onDidChange((e) => {
        if (e.key === secretKeyFor(this.config().serviceUrl)) void this.restore().catch(() => undefined);
      }),
    );
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
    return new WscError('You are not signed in to the workspace.', 'Run "Workspace: Sign In" with a personal token.', ['signIn']);
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

  storageKey(): string {
    return secretKeyFor(this.config().serviceUrl);
  }

  /**
   * Validates the token with GET /me against the configured service, then stores it.
   * Throws the API error (401: the token is wrong or revoked) without storing anything.
   */
  async signIn(token: string): Promise<Identity> {
    const { serviceUrl, clientName } = this.config();
    if (!serviceUrl) {
      throw new WscError('No service address is set.', 'Set "wsc.serviceUrl" in the settings, or use the local demo service.', ['openSettings', 'useDemoService']);
    }
    const trimmed = token.trim();
    if (!trimmed) throw new WscError('The token is empty.', 'Paste a personal token (it starts with hpt_).', ['signIn']);
    const client = new Client({ baseUrl: serviceUrl, token: trimmed, clientName, logger: this.logger });
    let identity: Identity;
    try {
      identity = await client.me();
    } catch (error) {
      await client.close();
      throw error;
    }
    await this.secrets.store(secretKeyFor(serviceUrl), trimmed);
    await this.replace({ serviceUrl, token: trimmed, client, identity, reachable: true });
    this.logger.info('signed in', { service: serviceUrl, user: identity.handle, workspace: identity.workspace });
    return identity;
  }

  /** Forgets the token of the configured service (SecretStorage and memory) and the account's offline cache. */
  async signOut(): Promise<void> {
    const serviceUrl = this.current?.serviceUrl ?? this.config().serviceUrl;
    const cache = this.current?.cache;
    if (cache) {
      cache.close();
      for (const side of ['', '-journal']) rmSync(cache.path + side, { force: true });
    }
    if (this.offlineRoot && this.current) forgetAccount(this.offlineRoot, { baseUrl: this.current.serviceUrl, token: this.current.token });
    await this.secrets.delete(secretKeyFor(serviceUrl));
    await this.replace(undefined);
    this.logger.info('signed out', { service: serviceUrl });
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
    const { serviceUrl, clientName } = this.config();
    // Some account is known here: the store is needed either way, so it loads while the token is read.
    if (this.offlineRoot && existsSync(join(this.offlineRoot, KNOWN_ACCOUNTS_FILE))) void import('../../shared/cache').catch(() => undefined);
    const token = serviceUrl ? await this.secrets.get(secretKeyFor(serviceUrl)) : undefined;
    if (!serviceUrl || !token) {
      if (this.current) await this.replace(undefined);
      return this.state;
    }
    if (this.current && this.current.serviceUrl === serviceUrl && this.current.token === token) return this.state;
    const client = new Client({ baseUrl: serviceUrl, token, clientName, logger: this.logger });
    // A known account shows its saved copy at once; GET /me then confirms it (or signs out on 401).
    const saved = await this.savedSession(serviceUrl, token, client);
    if (saved) await this.replace(saved);
    try {
      const identity = await client.me();
      if (!saved) {
        await this.replace({ serviceUrl, token, client, identity, reachable: true });
      } else if (this.current?.client === saved.client && sameAccount(saved.identity, identity)) {
        this.markReachable(identity);
      } else if (this.current?.client === saved.client) {
        // The token now acts as another account: its saved copy goes, a client of its own comes.
        await this.replace({ serviceUrl, token, client: new Client({ baseUrl: serviceUrl, token, clientName, logger: this.logger }), identity, reachable: true });
      }
      return this.state;
    } catch (error) {
      if (saved && this.current?.client === saved.client && serviceUnreachable(error)) {
        this.logger.warn('the service cannot be reached; showing the saved copy', { service: serviceUrl, error: error instanceof Error ? error.message : String(error) });
        this.reportUnreachable();
        return this.state;
      }
      await client.close();
      if (this.current) await this.replace(undefined);
      if (isApiError(error) && error.code === 'unauthorized') await this.secrets.delete(secretKeyFor(serviceUrl));
      throw error;
    }
  }

  /** The session of the account this token was last seen as, from its offline cache; undefined when none is kept. */
  private async savedSession(serviceUrl: string, token: string, client: Client): Promise<Current | undefined> {
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
      return { serviceUrl, token, client: cachingClient(client, cache), identity, cache, reachable: true };
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
    if (this.current) await this.signOut();
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
    this.changed.fire(this.state);
    // Not awaited: closing waits for the old client's open requests (a mention long-poll holds up
    // to 25 s), and the features stop using it as soon as they see the change.
    if (previous && previous.client !== next?.client) void previous.client.close().catch(() => undefined);
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
