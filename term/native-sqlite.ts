// The offline store on the native SQLite binding (better-sqlite3, the one `wsc serve` runs on): a
// terminal process runs on plain Node, so it needs no SQLite compiled to WebAssembly — whose
// compilation cost each start some 200 ms of CPU and 15-40 MB of peak memory. It takes the same
// `<file>.lock` folder the WebAssembly build's VFS takes (shared/offline/sql-connection.ts), so the
// editor and the terminal share one file safely.
import { mkdirSync, rmdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type { SqlConnection, SqlOpener, SqlRow, SqlValue } from '../shared/index';

type NativeDatabase = BetterSqlite3.Database;
type NativeStatement = BetterSqlite3.Statement<unknown[], SqlRow>;

/** Prepared statements kept per file: the stores' statements are a few dozen fixed strings. */
const STATEMENTS_KEPT = 100;

function bindable(values: readonly SqlValue[] | undefined): unknown[] {
  if (!values) return [];
  return values.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v instanceof Uint8Array && !Buffer.isBuffer(v) ? Buffer.from(v.buffer, v.byteOffset, v.byteLength) : v));
}

function errorCode(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : undefined;
}

function unlock(lockFolder: string): void {
  try {
    rmdirSync(lockFolder);
  } catch (e) {
    // Gone already: taken over as abandoned by another process after STALE_LOCK_MS.
    if (errorCode(e) !== 'ENOENT') throw e;
  }
}

function nativeConnection(Database: typeof BetterSqlite3, path: string): SqlConnection {
  const db: NativeDatabase = new Database(path);
  const lockFolder = `${resolve(path)}.lock`;
  const statements = new Map<string, NativeStatement>();
  let holding = false;

  const locked = <T>(work: () => T): T => {
    if (holding) return work();
    try {
      mkdirSync(lockFolder);
    } catch (e) {
      if (errorCode(e) === 'EEXIST') throw new Error(`database is locked (${lockFolder} is held by another process)`);
      throw e;
    }
    holding = true;
    try {
      return work();
    } finally {
      holding = false;
      unlock(lockFolder);
    }
  };

  const statement = (sql: string): NativeStatement => {
    let kept = statements.get(sql);
    if (!kept) {
      if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value as string);
      kept = db.prepare<unknown[], SqlRow>(sql);
      statements.set(sql, kept);
    }
    return kept;
  };

  return {
    engine: 'native',
    exec: (sql) => void locked(() => db.exec(sql)),
    // As the WebAssembly build answers: no row is null, a statement returning no rows runs.
    get: (sql, values) =>
      locked(() => {
        const s = statement(sql);
        if (s.reader) return s.get(...bindable(values)) ?? null;
        s.run(...bindable(values));
        return null;
      }),
    all: (sql, values) =>
      locked(() => {
        const s = statement(sql);
        if (s.reader) return s.all(...bindable(values));
        s.run(...bindable(values));
        return [];
      }),
    run: (sql, values) => locked(() => statement(sql).run(...bindable(values))),
    get inTransaction() {
      return db.inTransaction;
    },
    get isOpen() {
      return db.open;
    },
    close: () => {
      statements.clear();
      db.close();
    },
    locked,
  };
}

/**
 * The native binding when it loads in this Node; undefined (the WebAssembly build stays) when it is
 * missing or built for another Node. Its compiled part loads with the first database, so one in memory proves
 * it here — a failure at a real file's open would read as an unreadable file and set it aside.
 */
export function nativeSqliteOpener(): SqlOpener | undefined {
  let Database: typeof BetterSqlite3;
  try {
    // Required, not imported: it is CommonJS outside the bundles (esbuild.mjs's banner defines `require`).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    Database = require('better-sqlite3') as typeof BetterSqlite3;
    new Database(':memory:').close();
  } catch {
    return undefined;
  }
  return (path) => nativeConnection(Database, path);
}
