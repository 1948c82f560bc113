// SQLite compiled to WebAssembly (node-sqlite3-wasm): the offline store's engine wherever no other
// is chosen (shared/offline/sql-connection.ts) — the editor's extension host, which has no native
// build per runtime. Loaded with the store's code, never at a face's start.
import type { SqlOpener, SqlRow, SqlValue } from './sql-connection';

/** The WebAssembly build: its VFS takes the lock folder around each transaction itself. */
export const openWasmSqlite: SqlOpener = (path) => {
  // Required when first opened: it compiles SQLite's WebAssembly. It is CommonJS and required, not
  // imported: an ESM import first runs Node's export scanner for CommonJS (cjs-module-lexer). The ESM bundles define `require` (esbuild.mjs's banner).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Database } = require('node-sqlite3-wasm') as typeof import('node-sqlite3-wasm');
  const db = new Database(path);
  return {
    engine: 'wasm',
    exec: (sql) => db.exec(sql),
    get: (sql, values) => db.get(sql, values as SqlValue[] | undefined) as SqlRow | null,
    all: (sql, values) => db.all(sql, values as SqlValue[] | undefined) as SqlRow[],
    run: (sql, values) => db.run(sql, values as SqlValue[] | undefined),
    get inTransaction() {
      return db.inTransaction;
    },
    get isOpen() {
      return db.isOpen;
    },
    close: () => db.close(),
    locked: (work) => work(),
  };
};
