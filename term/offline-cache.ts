// The terminal's offline cache: which account a token acts as (remembered by a one-way fingerprint
// of the token, never the token, so the cache can be found without the service), and opening that
// account's cache in $XDG_STATE_HOME/wsc/offline.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  cachingClient,
  ConfigError,
  forgetAccount,
  knownAccount as knownAccountOf,
  NetworkError,
  offlineAccountFolder,
  OfflineStoreError,
  rememberAccount as rememberAccountOf,
  terminalOfflineRoot,
  type Channel,
  type Client,
  type Identity,
  type OfflineCache,
  type OfflineAccount,
} from '../shared/index';

/** One spelling per service address, however it was configured. */
export function normalServiceUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** The account this token acts as, as last learnt from the service (shared/offline/known-accounts.ts); undefined when never seen. */
export function knownAccount(serviceUrl: string, token: string, root = terminalOfflineRoot()): OfflineAccount | undefined {
  return knownAccountOf(root, { baseUrl: normalServiceUrl(serviceUrl), token });
}

export function rememberAccount(account: OfflineAccount, token: string, root = terminalOfflineRoot()): void {
  rememberAccountOf(root, { baseUrl: normalServiceUrl(account.serviceUrl), token }, account);
}

/** Removes the cache of the account this token acts as (not its outbox) and forgets the token. */
export function forgetAccountCache(serviceUrl: string, token: string, root = terminalOfflineRoot()): boolean {
  const account = knownAccount(serviceUrl, token, root);
  if (!account) return false;
  const folder = offlineAccountFolder(root, account);
  for (const name of ['cache.sqlite', 'cache.sqlite-journal', 'cache.sqlite.lock', 'tui-first-frame.json']) rmSync(join(folder, name), { recursive: true, force: true });
  forgetAccount(root, { baseUrl: normalServiceUrl(serviceUrl), token });
  return true;
}

export interface TerminalCache {
  readonly cache: OfflineCache;
  readonly client: Client;
}

/** Opens the account's cache and wraps the client to keep it current; says once if a bad file was set aside. */
export async function openTerminalCache(client: Client, account: OfflineAccount, warn: (line: string) => void, root = terminalOfflineRoot()): Promise<TerminalCache> {
  const { OfflineCache } = await import('../shared/cache');
  const cache = OfflineCache.open(root, account);
  if (cache.setAside) {
    warn(`wsc: the offline cache could not be used (${cache.setAside.reason}); it was moved to ${cache.setAside.movedTo} and a fresh one started. Remove that file when you no longer need it.`);
  }
  return { cache, client: cachingClient(client, cache) };
}

/** "3 min ago" for a savedAt time. */
export function savedAgo(savedAt: number, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - savedAt) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 120) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.round(hours / 24)} days ago`;
}

export interface CachedRead<T> {
  readonly value: T;
  /** Set when the value came from the cache. */
  readonly cached?: { readonly savedAt: string };
}

/**
 * Reads live, or from the cache when `offline` is asked or the service cannot be reached (saying
 * so through `warn`). Throws the service's error when nothing is cached.
 */
export async function readLiveOrCached<T>(
  options: { offline: boolean; warn: (line: string) => void; what: string },
  live: () => Promise<T>,
  cached: () => { value: T; savedAt: number } | undefined,
): Promise<CachedRead<T>> {
  const fromCache = (reason: string | undefined, error?: unknown): CachedRead<T> => {
    const hit = cached();
    if (!hit) {
      if (error !== undefined) throw error;
      throw new ConfigError(`Nothing cached yet for ${options.what}.`, `Run the command once while the service can be reached; wsc keeps what it reads for --offline use.`);
    }
    if (reason) options.warn(`wsc: ${reason}; showing ${options.what} cached ${savedAgo(hit.savedAt)}. Check the network or the service address (wsc doctor), then run the command again for current data.`);
    return { value: hit.value, cached: { savedAt: new Date(hit.savedAt).toISOString() } };
  };
  if (options.offline) return fromCache(undefined);
  try {
    return { value: await live() };
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    return fromCache(`the service cannot be reached (${error.message})`, error);
  }
}

/**
 * The cache for this connection: the account is taken from what was learnt before, else asked of
 * the service (once per token). Undefined when the account is unknown and the service unreachable.
 */
export async function cacheForConnection(
  client: Client,
  connection: { baseUrl: string | null; token: string | null },
  warn: (line: string) => void,
  root = terminalOfflineRoot(),
  /** Ask the service who this token is when no earlier call said so (a one-shot command does not: that would cost it a request). */
  learn = true,): Promise<TerminalCache | undefined> {
  if (connection.baseUrl === null || connection.token === null) return undefined;
  let account = knownAccount(connection.baseUrl, connection.token, root);
  let me: Identity | undefined;
  if (!account && !learn) return undefined;
  if (!account) {
    try {
      me = await client.me();
      account = { serviceUrl: normalServiceUrl(connection.baseUrl), workspaceId: me.workspaceId, userId: me.userId };
      rememberAccount(account, connection.token, root);
    } catch {
      // Which account this is stays unknown this time (the service is away, or its answer was not
      // usable): the command runs without the cache, and the command's own call says what went wrong.
      return undefined;
    }
  }
  try {
    const opened = await openTerminalCache(client, account, warn, root);
    if (me) opened.cache.put('me', '', me);
    return opened;
  } catch (error) {
    // A cache that cannot be opened (locked too long, written by a newer wsc) only means no cache.
    const hint = error instanceof OfflineStoreError ? ` ${error.hint}` : '';
    warn(`wsc: the offline cache is not available this time: ${error instanceof Error ? error.message : String(error)}${hint}`);
    return undefined;
  }
}

/** The channel list the offline cache kept for this connection's account (no request is made). */
export async function cachedChannelsFor(connection: { baseUrl: string; token: string | null }, root = terminalOfflineRoot()): Promise<Channel[] | undefined> {
  if (connection.token === null) return undefined;
  const account = knownAccount(connection.baseUrl, connection.token, root);
  if (!account) return undefined;
  const { OfflineCache } = await import('../shared/cache');
  let cache: OfflineCache | undefined;
  try {
    cache = OfflineCache.open(root, account);
    return cache.get<Channel[]>('channels')?.value;
  } catch {
    return undefined;
  } finally {
    cache?.close();
  }
}

/** Remembers which account a token acts as, once a call has said so (login, status), so its offline cache can be kept and found. */
export function rememberIdentity(serviceUrl: string, token: string, me: Pick<Identity, 'workspaceId' | 'userId'>, root = terminalOfflineRoot()): void {
  try {
    rememberAccount({ serviceUrl: normalServiceUrl(serviceUrl), workspaceId: me.workspaceId, userId: me.userId }, token, root);
  } catch {
    // The state folder cannot be written: the commands still work, only without an offline cache.
  }
}
