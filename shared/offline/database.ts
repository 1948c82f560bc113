/**
 * The offline store's one SQLite file per account and workspace (the cache and the outbox share it).
 *
 * SQLite gives transactions, crash safety (a rollback journal, replayed on the next open after a
 * kill -9) and cross-process locking; which SQLite runs it (WebAssembly in the editor, the native
 * binding in a terminal) is sql-connection.ts's business.
 *
 * The lock is a `<file>.lock` folder held for the length of one transaction, readers included. A
 * process killed inside a transaction leaves that folder behind, so a lock older than STALE_LOCK_MS
 * (far longer than any transaction here) is taken to be abandoned and removed.
 */
import { chmodSync, existsSync, mkdirSync, renameSync, rmdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { chosenSqlOpener, type SqlConnection } from './sql-connection';
import { openWasmSqlite } from './wasm-sqlite';
import { OfflineStoreError } from './store-error';

export { OfflineStoreError } from './store-error';

/** The open file as a transaction's work sees it. */
export type Database = SqlConnection;

// Longer than STALE_LOCK_MS, so a lock left by a killed process is taken over before a caller gives up.
const BUSY_RETRY_MS = 12_000;
export const STALE_LOCK_MS = 10_000;

export interface Migration {
  /** user_version after this migration. */
  readonly version: number;
  readonly sql: string;
}

export interface OfflineDatabase {
  readonly db: Database;
  readonly path: string;
  /** Set when the file found was unreadable and was moved aside before a fresh one was made. */
  readonly setAside?: { readonly movedTo: string; readonly reason: string };
  /** Runs `work` in one write transaction, retrying while another process holds the lock. */
  transaction<T>(work: (db: Database) => T): T;
  /** Runs a read (or a single statement), retrying while another process holds the lock. */
  read<T>(work: (db: Database) => T): T;
  close(): void;
}


const sleepBuffer = new Int32Array(new SharedArrayBuffer(4));
function sleepSync(ms: number): void {
  Atomics.wait(sleepBuffer, 0, 0, ms);
}

function isBusy(e: unknown): boolean {
  return e instanceof Error && /database is locked|SQLITE_BUSY/i.test(e.message);
}

function removeStaleLock(path: string, now: number): boolean {
  const lock = `${path}.lock`;
  try {
    if (now - statSync(lock).mtimeMs < STALE_LOCK_MS) return false;
    rmdirSync(lock);
    return true;
  } catch {
    return false;
  }
}

function retryingBusy<T>(path: string, work: () => T, busyRetryMs = BUSY_RETRY_MS): T {
  const started = Date.now();
  let delay = 2;
  for (;;) {
    try {
      return work();
    } catch (e) {
      if (!isBusy(e)) throw e;
      if (removeStaleLock(path, Date.now())) continue;
      if (Date.now() - started > busyRetryMs) {
        throw new OfflineStoreError(
          `The offline store ${path} stayed locked by another wsc process for ${busyRetryMs / 1000} s.`,
          `Close other wsc windows or commands and try again; if none runs, remove the folder ${path}.lock.`,
        );
      }
      sleepSync(delay);
      delay = Math.min(delay * 2, 50);
    }
  }
}

function migrate(db: Database, migrations: readonly Migration[]): void {
  const row = db.get('PRAGMA user_version') as { user_version?: number } | null;
  const current = typeof row?.user_version === 'number' ? row.user_version : 0;
  const newest = migrations.reduce((max, m) => Math.max(max, m.version), 0);
  if (current > newest) {
    throw new OfflineStoreError(
      `The offline store was written by a newer wsc (format ${current}, this one knows ${newest}).`,
      'Update wsc, or clear the offline store (wsc logout, or remove the file) to start a fresh one.',
    );
  }
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (m.version <= current) continue;
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(m.sql);
      db.exec(`PRAGMA user_version = ${Math.trunc(m.version)}`);
      db.exec('COMMIT');
    } catch (e) {
      db.exec('ROLLBACK');
      throw e;
    }
  }
}

function openChecked(path: string, migrations: readonly Migration[], flushed: boolean): Database {
  const db = (chosenSqlOpener() ?? openWasmSqlite)(path);
  try {
    db.locked(() => prepare(db, migrations, flushed));
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

function prepare(db: Database, migrations: readonly Migration[], flushed: boolean): void {
  // TRUNCATE keeps the journal file between transactions (fewer directory operations than DELETE);
  // WAL needs shared memory, which the WebAssembly build's VFS does not offer (and both engines
  // must agree on the journal).
  db.exec('PRAGMA journal_mode = TRUNCATE');
  db.exec(`PRAGMA synchronous = ${flushed ? 'FULL' : 'OFF'}`);
  // Reading the schema proves the header and the schema pages; a full quick_check would read every
  // page of the file on each open (close to a second for 10,000 cached messages on a loaded machine).
  db.get('SELECT count(*) AS n FROM sqlite_schema');
  migrate(db, migrations);
}

/**
 * Opens (creating) the store at `path`: folder 0700, file 0600. A file that is not a readable
 * SQLite database of ours is moved aside to `<path>.unreadable-<time>` and a fresh one made; the
 * result says so, for the caller to tell the user once.
 */
export interface OpenOptions {
  /**
   * How long a locked store is waited for (default 2 s). Longer than STALE_LOCK_MS where giving up is
   * worse than waiting: the outbox, whose writer may have been killed inside a transaction.
   */
  readonly busyRetryMs?: number;
  /**
   * Whether each transaction waits until the disk holds it (fsync; default true). A process that
   * dies keeps its committed writes either way; only a machine that stops may lose the last ones
   * when false — fine for a cache, which the service refills, never for the outbox. Each fsync
   * blocks the event loop (5-35 ms on a busy disk), so a face's frame waits behind it.
   */
  readonly flushed?: boolean;
}

export function openOfflineDatabase(path: string, migrations: readonly Migration[], now: () => number = Date.now, options: OpenOptions = {}): OfflineDatabase {
  const busyRetryMs = options.busyRetryMs ?? BUSY_RETRY_MS;
  const flushed = options.flushed ?? true;
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const existed = existsSync(path);
  let setAside: OfflineDatabase['setAside'];
  let db: Database;
  try {
    db = retryingBusy(path, () => openChecked(path, migrations, flushed), busyRetryMs);
  } catch (e) {
    if (e instanceof OfflineStoreError || !existed) throw e;
    const movedTo = `${path}.unreadable-${now()}`;
    renameSync(path, movedTo);
    for (const side of ['-journal', '-wal', '-shm']) {
      if (existsSync(path + side)) renameSync(path + side, movedTo + side);
    }
    setAside = { movedTo, reason: e instanceof Error ? e.message : String(e) };
    db = retryingBusy(path, () => openChecked(path, migrations, flushed), busyRetryMs);
  }
  if (process.platform !== 'win32') chmodSync(path, 0o600);
  return {
    db,
    path,
    setAside,
    transaction<T>(work: (d: Database) => T): T {
      return retryingBusy(
        path,
        () =>
          db.locked(() => {
            db.exec('BEGIN IMMEDIATE');
            try {
              const result = work(db);
              db.exec('COMMIT');
              return result;
            } catch (e) {
              if (db.inTransaction) db.exec('ROLLBACK');
              throw e;
            }
          }),
        busyRetryMs,
      );
    },
    read<T>(work: (d: Database) => T): T {
      return retryingBusy(path, () => db.locked(() => work(db)), busyRetryMs);
    },
    close(): void {
      if (db.isOpen) db.close();
    },
  };
}
