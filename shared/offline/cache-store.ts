/**
 * The offline cache of one account and workspace: what the service last answered, kept to show at
 * once and when the service cannot be reached. Whole answers (channels, people, tasks, the docs
 * tree, a doc, a settled run timeline, the mentions inbox) are kept as one entry each; the messages
 * of a channel or thread are kept per message, newest MESSAGES_PER_SCOPE only, so a later catch-up
 * can start after the newest one. Never a token: only answer bodies are stored.
 */
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { Message } from '../contract';
import { compareTimestamps } from '../timestamps';
import { openOfflineDatabase, type Migration, type OfflineDatabase } from './database';
import { CACHE_FILE, offlineAccountFolder, type OfflineAccount } from './store-folder';

export const MESSAGES_PER_SCOPE = 500;
export const DEFAULT_CACHE_CAP_BYTES = 100 * 1024 * 1024;

/** What the cache kept and when the service said it. */
export interface Cached<T> {
  readonly value: T;
  /** Milliseconds since the epoch when this was read from the service. */
  readonly savedAt: number;
}

/** `mcp`: what `wsc mcp` last read of the service's MCP (its initialize answer and tool list), to answer while it cannot be reached. */
export type EntryKind = 'channels' | 'members' | 'tasks' | 'task' | 'docs' | 'doc' | 'run' | 'mentions' | 'me' | 'mcp' | 'own-task-write';
export type MessageScope = { readonly channel: string } | { readonly thread: string };

const MIGRATIONS: Migration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE account (id INTEGER PRIMARY KEY CHECK (id = 1), service_url TEXT NOT NULL, workspace_id TEXT NOT NULL, user_id TEXT NOT NULL);
      CREATE TABLE entries (kind TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, saved_at INTEGER NOT NULL, used_at INTEGER NOT NULL, PRIMARY KEY (kind, key));
      CREATE TABLE messages (scope TEXT NOT NULL, id TEXT NOT NULL, created_at TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (scope, id));
      CREATE INDEX messages_by_time ON messages (scope, created_at);
    `,
  },
];

function scopeKey(scope: MessageScope): string {
  return 'channel' in scope ? `channel:${scope.channel}` : `thread:${scope.thread}`;
}

export interface OfflineCacheOptions {
  capBytes?: number;
  now?: () => number;
}

export interface CacheSetAside {
  readonly movedTo: string;
  readonly reason: string;
}

/** The cache's writes are not flushed to disk one by one: see OpenOptions.flushed. */
const CACHE_STORE = { flushed: false } as const;

export class OfflineCache {
  readonly #store: OfflineDatabase;
  readonly #capBytes: number;
  readonly #now: () => number;
  readonly #touches = new Map<string, { kind: string; key: string; at: number }>();
  /** Set when the file found was unreadable or another account's; tell the user once. */
  readonly setAside?: CacheSetAside;

  private constructor(store: OfflineDatabase, setAside: CacheSetAside | undefined, options: OfflineCacheOptions) {
    this.#store = store;
    this.setAside = setAside;
    this.#capBytes = options.capBytes ?? DEFAULT_CACHE_CAP_BYTES;
    this.#now = options.now ?? Date.now;
  }

  /** Opens the cache of `account` under `root` (creating it). */
  static open(root: string, account: OfflineAccount, options: OfflineCacheOptions = {}): OfflineCache {
    const path = join(offlineAccountFolder(root, account), CACHE_FILE);
    const now = options.now ?? Date.now;
    let store = openOfflineDatabase(path, MIGRATIONS, now, CACHE_STORE);
    let setAside: CacheSetAside | undefined = store.setAside;
    const owner = store.read((db) => db.get('SELECT service_url, workspace_id, user_id FROM account WHERE id = 1')) as
      | { service_url: string; workspace_id: string; user_id: string }
      | null;
    if (owner && (owner.service_url !== account.serviceUrl || owner.workspace_id !== account.workspaceId || owner.user_id !== account.userId)) {
      store.close();
      const movedTo = `${path}.foreign-${now()}`;
      renameSync(path, movedTo);
      if (existsSync(`${path}-journal`)) renameSync(`${path}-journal`, `${movedTo}-journal`);
      setAside = { movedTo, reason: 'it belongs to another account, workspace or service' };
      store = openOfflineDatabase(path, MIGRATIONS, now, CACHE_STORE);
    }
    if (!owner || setAside) {
      store.transaction((db) =>
        db.run('INSERT OR REPLACE INTO account (id, service_url, workspace_id, user_id) VALUES (1, ?, ?, ?)', [account.serviceUrl, account.workspaceId, account.userId]),
      );
    }
    return new OfflineCache(store, setAside, options);
  }

  get path(): string {
    return this.#store.path;
  }

  close(): void {
    try {
      if (this.#touches.size > 0) this.#store.transaction(() => this.#flushTouches());
    } catch {
      // Recency is a hint for trimming; a busy store must not fail closing.
    }
    this.#store.close();
  }

  /** Keeps a whole answer (replacing the one before). */
  put(kind: EntryKind, key: string, value: unknown): void {
    const now = this.#now();
    this.#store.transaction((db) => {
      this.#flushTouches();
      db.run('INSERT OR REPLACE INTO entries (kind, key, value, saved_at, used_at) VALUES (?, ?, ?, ?, ?)', [kind, key, JSON.stringify(value), now, now]);
      this.#trim();
    });
  }

  get<T>(kind: EntryKind, key = ''): Cached<T> | undefined {
    const row = this.#store.read((db) => db.get('SELECT value, saved_at FROM entries WHERE kind = ? AND key = ?', [kind, key])) as
      | { value: string; saved_at: number }
      | null;
    if (!row) return undefined;
    this.#touch(kind, key);
    return { value: JSON.parse(row.value) as T, savedAt: row.saved_at };
  }

  /** Adds (or updates) messages of a channel or thread, keeping the newest MESSAGES_PER_SCOPE. */
  putMessages(scope: MessageScope, messages: readonly Message[]): void {
    const key = scopeKey(scope);
    const now = this.#now();
    this.#store.transaction((db) => {
      this.#flushTouches();
      for (const m of messages) {
        db.run('INSERT OR REPLACE INTO messages (scope, id, created_at, value) VALUES (?, ?, ?, ?)', [key, m.id, m.created_at, JSON.stringify(m)]);
      }
      db.run(
        `DELETE FROM messages WHERE scope = ? AND id NOT IN (SELECT id FROM messages WHERE scope = ? ORDER BY created_at DESC LIMIT ${MESSAGES_PER_SCOPE})`,
        [key, key],
      );
      db.run('INSERT OR REPLACE INTO entries (kind, key, value, saved_at, used_at) VALUES (?, ?, ?, ?, ?)', ['scope', key, '""', now, now]);
      this.#trim();
    });
  }

  /** The kept messages of a channel or thread, oldest first (ordered by the service's timestamps). */
  messages(scope: MessageScope): Cached<Message[]> | undefined {
    const key = scopeKey(scope);
    const entry = this.#store.read((db) => db.get('SELECT saved_at FROM entries WHERE kind = ? AND key = ?', ['scope', key])) as { saved_at: number } | null;
    if (!entry) return undefined;
    this.#touch('scope', key);
    return { value: this.#keptMessages(key), savedAt: entry.saved_at };
  }

  #keptMessages(scopeKey: string): Message[] {
    const rows = this.#store.read((db) => db.all('SELECT value FROM messages WHERE scope = ?', [scopeKey])) as { value: string }[];
    return rows.map((r) => JSON.parse(r.value) as Message).sort((a, b) => compareTimestamps(a.created_at, b.created_at));
  }

  /** The channels and threads with kept messages, each with its newest kept created_at. */
  scopes(): { scope: MessageScope; newest: string | undefined }[] {
    const rows = this.#store.read((db) => db.all("SELECT key FROM entries WHERE kind = 'scope'")) as { key: string }[];
    // Only the timestamps, compared exactly (shared/timestamps): no message body is parsed.
    const times = this.#store.read((db) => db.all('SELECT scope, created_at FROM messages')) as { scope: string; created_at: string }[];
    const newest = new Map<string, string>();
    for (const t of times) {
      const known = newest.get(t.scope);
      if (known === undefined || compareTimestamps(t.created_at, known) > 0) newest.set(t.scope, t.created_at);
    }
    return rows.map((r) => {
      const [kind, id] = [r.key.slice(0, r.key.indexOf(':')), r.key.slice(r.key.indexOf(':') + 1)];
      const scope: MessageScope = kind === 'channel' ? { channel: id } : { thread: id };
      return { scope, newest: newest.get(r.key) };
    });
  }

  /** What is kept, per kind of entry (a channel's or thread's messages count as 'scope'): how many, the newest saved_at; and the messages kept. */
  /** Which SQLite runs the file here (shared/offline/sql-connection.ts). */
  get engine(): 'wasm' | 'native' {
    return this.#store.db.engine;
  }

  summary(): { kinds: { kind: string; entries: number; newestSavedAt: number }[]; messages: number } {
    const kinds = this.#store.read((db) => db.all('SELECT kind, COUNT(*) AS entries, MAX(saved_at) AS newest FROM entries GROUP BY kind ORDER BY kind')) as {
      kind: string;
      entries: number;
      newest: number;
    }[];
    const messages = this.#store.read((db) => db.get('SELECT COUNT(*) AS n FROM messages')) as { n: number };
    return { kinds: kinds.map((k) => ({ kind: k.kind, entries: Number(k.entries), newestSavedAt: Number(k.newest) })), messages: Number(messages.n) };
  }

  // A read only notes when it used an entry: the times are written with the next write or at close,
  // so reading (a tree drawn from the cache) never waits for the store's write lock.
  #touch(kind: string, key: string): void {
    this.#touches.set(`${kind}\u0000${key}`, { kind, key, at: this.#now() });
  }

  /** Inside a write transaction: the use times noted since the last write. */
  #flushTouches(): void {
    for (const t of this.#touches.values()) this.#store.db.run('UPDATE entries SET used_at = MAX(used_at, ?) WHERE kind = ? AND key = ?', [t.at, t.kind, t.key]);
    this.#touches.clear();
  }

  /** Drops least recently used entries (a scope with its messages) until the cache fits its cap. */
  #trim(): void {
    const db = this.#store.db;
    const size = (): number => {
      const row = db.get('SELECT (SELECT COALESCE(SUM(LENGTH(value)), 0) FROM entries) + (SELECT COALESCE(SUM(LENGTH(value)), 0) FROM messages) AS total') as { total: number };
      return Number(row.total);
    };
    while (size() > this.#capBytes) {
      const oldest = db.get('SELECT kind, key FROM entries ORDER BY used_at ASC LIMIT 1') as { kind: string; key: string } | null;
      if (!oldest) return;
      db.run('DELETE FROM entries WHERE kind = ? AND key = ?', [oldest.kind, oldest.key]);
      if (oldest.kind === 'scope') db.run('DELETE FROM messages WHERE scope = ?', [oldest.key]);
    }
  }
}
