// The terminal's offline cache: which account a token acts as (remembered by a one-way fingerprint
// of the token, never the token, so the cache can be found without the service), and opening that
// account's cache in $XDG_STATE_HOME/wsc/offline.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  CACHE_FILE,
  cachingClient,
  ConfigError,
  forgetAccount,
  knownReader as knownReaderOf,
  NetworkError,
  offlineAccountFolder,
  OfflineStoreError,
  rememberAccount as rememberAccountOf,
  savedAgo,
  terminalOfflineRoot,
  type Channel,
  type Client,
  type Identity,
  type KnownReader,
  type OfflineAccount,
  type Cached,
  type OfflineCache,
} from '../shared/index';
import { loadOfflineStore } from './store-loading';
import { knownAccount, normalServiceUrl } from './known-account';

export { knownAccount, normalServiceUrl };

export function rememberAccount(account: OfflineAccount & Partial<KnownReader>, token: string, root = terminalOfflineRoot()): void {
  rememberAccountOf(root, { baseUrl: normalServiceUrl(account.serviceUrl), token }, account);
}

/** The name and handle of the account this token acts as, as last learnt from the service. */
export function knownReader(serviceUrl: string, token: string, root = terminalOfflineRoot()): KnownReader | undefined {
  return knownReaderOf(root, { baseUrl: normalServiceUrl(serviceUrl), token });
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

/** Opens (creating) the account's cache; says once if a bad file was set aside. Loads SQLite. */
export async function openAccountCache(account: OfflineAccount, warn: (line: string) => void, root = terminalOfflineRoot()): Promise<OfflineCache> {
  const { OfflineCache } = await loadOfflineStore(() => import('../shared/cache'));
  const cache = OfflineCache.open(root, account);
  if (cache.setAside) {
    warn(`wsc: the offline cache could not be used (${cache.setAside.reason}); it was moved to ${cache.setAside.movedTo} and a fresh one started. Remove that file when you no longer need it.`);
  }
  return cache;
}

/** Opens the account's cache and wraps the client to keep it current. */
export async function openTerminalCache(client: Client, account: OfflineAccount, warn: (line: string) => void, root = terminalOfflineRoot()): Promise<TerminalCache> {
  const cache = await openAccountCache(account, warn, root);
  return { cache, client: cachingClient(client, cache) };
}

/** "3 min ago" for a savedAt time. */
export { savedAgo };

export interface CachedRead<T> {
  readonly value: T;
  /** Set when the value came from the cache. */
  readonly cached?: { readonly savedAt: string };
}

/** The connection a one-shot command reads with (the account is found from it, never asked of the service). */
export interface CacheConnection {
  readonly baseUrl: string | null;
  readonly token: string | null;
}

/**
 * The cache already kept for this connection's account, opened to read; undefined when the account
 * was never learnt or nothing was ever kept (no file is created). A cache that cannot be opened is
 * said through `warn` and counts as none.
 */
export async function openExistingCache(connection: CacheConnection, warn: (line: string) => void, root = terminalOfflineRoot()): Promise<OfflineCache | undefined> {
  if (connection.baseUrl === null || connection.token === null) return undefined;
  const account = knownAccount(connection.baseUrl, connection.token, root);
  if (!account || !existsSync(join(offlineAccountFolder(root, account), CACHE_FILE))) return undefined;
  try {
    return await openAccountCache(account, warn, root);
  } catch (error) {
    const hint = error instanceof OfflineStoreError ? ` ${error.hint}` : '';
    warn(`wsc: the offline cache is not available this time: ${error instanceof Error ? error.message : String(error)}${hint}`);
    return undefined;
  }
}

const REFRESH_HINT = 'wsc sync refreshes the cache while the service can be reached';

/**
 * Reads live; from the offline cache only when `offline` is asked or the service cannot be reached
 * (saying so through `warn`: what happened, how old the copy is, what to do). A read that reached
 * the service never opens the cache (SQLite costs a one-shot command more than its request).
 * Without a cached copy: the service's own error, or with --offline a ConfigError saying how to fill it.
 */
export async function readLiveOrCached<T>(
  options: { offline: boolean; warn: (line: string) => void; what: string; connection: CacheConnection; root?: string },
  live: () => Promise<T>,
  cached: (cache: OfflineCache) => Cached<T> | undefined,
): Promise<CachedRead<T>> {
  const fromCache = async (error?: unknown): Promise<CachedRead<T>> => {
    const cache = await openExistingCache(options.connection, options.warn, options.root);
    let hit: Cached<T> | undefined;
    try {
      hit = cache ? cached(cache) : undefined;
    } finally {
      cache?.close();
    }
    if (!hit) {
      if (error !== undefined) throw error;
      throw new ConfigError(`Nothing cached yet for ${options.what}.`, `Run wsc sync (or the command without --offline) while the service can be reached; the terminal UI and VS Code also fill the cache.`);
    }
    const ago = savedAgo(hit.savedAt);
    if (error === undefined) options.warn(`wsc: offline (--offline): showing ${options.what} cached ${ago}; ${REFRESH_HINT}.`);
    else {
      const reason = error instanceof Error ? error.message : String(error);
      options.warn(`wsc: the service cannot be reached (${reason}); showing ${options.what} cached ${ago}. Check the network or the service address (wsc doctor), then run the command again for current data.`);
    }
    return { value: hit.value, cached: { savedAt: new Date(hit.savedAt).toISOString() } };
  };
  if (options.offline) return fromCache();
  try {
    return { value: await live() };
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    return fromCache(error);
  }
}

/** The `cached` mark of --json output. */
export function cachedMark(read: CachedRead<unknown>): { cached?: { savedAt: string } } {
  return read.cached ? { cached: read.cached } : {};
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
): Promise<TerminalCache | undefined> {
  if (connection.baseUrl === null || connection.token === null) return undefined;
  let account = knownAccount(connection.baseUrl, connection.token, root);
  let me: Identity | undefined;
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
  const { OfflineCache } = await loadOfflineStore(() => import('../shared/cache'));
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
export function rememberIdentity(serviceUrl: string, token: string, me: Pick<Identity, 'workspaceId' | 'userId'> & Partial<KnownReader>, root = terminalOfflineRoot()): void {
  try {
    rememberAccount({ serviceUrl: normalServiceUrl(serviceUrl), workspaceId: me.workspaceId, userId: me.userId, name: me.name, handle: me.handle }, token, root);
  } catch {
    // The state folder cannot be written: the commands still work, only without an offline cache.
  }
}

/** The account this connection acts as: remembered, else asked of the service (and remembered). */
export async function accountFor(client: Client, connection: { baseUrl: string; token: string }, root = terminalOfflineRoot()): Promise<OfflineAccount> {
  const known = knownAccount(connection.baseUrl, connection.token, root);
  if (known) return known;
  const me = await client.me();
  const account = { serviceUrl: normalServiceUrl(connection.baseUrl), workspaceId: me.workspaceId, userId: me.userId };
  rememberAccount({ ...account, name: me.name, handle: me.handle }, connection.token, root);
  return account;
}

/** Where the account's cache file is (whether or not it exists yet). */
export function accountCachePath(account: OfflineAccount, root = terminalOfflineRoot()): string {
  return join(offlineAccountFolder(root, account), CACHE_FILE);
}

/** Removes the account's cache file (not its outbox); false when there was none. The account stays known. */
export function removeAccountCache(account: OfflineAccount, root = terminalOfflineRoot()): boolean {
  const path = accountCachePath(account, root);
  const existed = existsSync(path);
  for (const name of [path, `${path}-journal`, `${path}.lock`]) rmSync(name, { recursive: true, force: true });
  return existed;
}
