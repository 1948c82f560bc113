/**
 * One open SQLite file as the offline store uses it, whichever SQLite runs it: the few calls the
 * stores make (positional values only) and the file's cross-process lock.
 *
 * Two engines open it. SQLite compiled to WebAssembly (node-sqlite3-wasm) runs everywhere, the
 * editor's extension host included, and is the default. The terminal's processes run on plain Node
 * and use the native binding instead (term/native-sqlite.ts): no WebAssembly to compile at each
 * start, a fraction of the memory. Both take the same lock — a `<file>.lock` folder, held for one
 * transaction, readers included (the WebAssembly build's VFS takes it itself) — so an editor and a
 * terminal share one file safely.
 */
export type SqlValue = string | number | bigint | boolean | null | Uint8Array;
export type SqlRow = Record<string, string | number | bigint | Uint8Array | null>;

export interface SqlConnection {
  /** Which SQLite runs this file. */
  readonly engine: 'wasm' | 'native';
  exec(sql: string): void;
  get(sql: string, values?: readonly SqlValue[]): SqlRow | null;
  all(sql: string, values?: readonly SqlValue[]): SqlRow[];
  run(sql: string, values?: readonly SqlValue[]): { changes: number; lastInsertRowid: number | bigint };
  readonly inTransaction: boolean;
  readonly isOpen: boolean;
  close(): void;
  /**
   * Runs `work` holding the file's lock; throws an error saying "database is locked" when another
   * process holds it (the caller waits and tries again).
   */
  locked<T>(work: () => T): T;
}

export type SqlOpener = (path: string) => SqlConnection;

let chosen: SqlOpener | undefined;

/**
 * Which SQLite opens the offline store from now on in this process (said by the terminal's store
 * loading); undefined: the WebAssembly build (shared/offline/wasm-sqlite.ts).
 */
export function useSqlOpener(next: SqlOpener | undefined): void {
  chosen = next;
}

export function chosenSqlOpener(): SqlOpener | undefined {
  return chosen;
}
