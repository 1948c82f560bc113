import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, statSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOfflineDatabase, OfflineStoreError, type Migration } from '../../../shared/offline/database';
import { chosenSqlOpener, useSqlOpener, type SqlOpener } from '../../../shared/offline/sql-connection';
import { openWasmSqlite } from '../../../shared/offline/wasm-sqlite';
import { nativeSqliteOpener } from '../../../term/native-sqlite';

const MIGRATIONS: Migration[] = [{ version: 1, sql: 'CREATE TABLE kv (k TEXT PRIMARY KEY, v TEXT NOT NULL);' }];

function freshPath(): string {
  return join(mkdtempSync(join(tmpdir(), 'wsc-offline-')), 'nested', 'store.sqlite');
}

const native = nativeSqliteOpener();
if (!native) throw new Error('better-sqlite3 does not load in this Node: the terminal would fall back to WebAssembly');
const ENGINES: [string, SqlOpener][] = [
  ['SQLite as WebAssembly (the editor)', openWasmSqlite],
  ['native SQLite (a terminal)', native],
];

describe.each(ENGINES)('the offline database on %s', (_, opener) => {
  let before: SqlOpener | undefined;
  beforeAll(() => {
    before = chosenSqlOpener();
    useSqlOpener(opener);
  });
  afterAll(() => useSqlOpener(before));

  it('runs on the engine asked for', () => {
    const store = openOfflineDatabase(freshPath(), MIGRATIONS);
    expect(store.db.engine).toBe(opener === openWasmSqlite ? 'wasm' : 'native');
    store.close();
  });

  it('flushes each transaction to disk unless told the file is a cache', () => {
    const synchronous = (flushed: boolean) => {
      const store = openOfflineDatabase(freshPath(), MIGRATIONS, Date.now, { flushed });
      const row = store.read((db) => db.get('PRAGMA synchronous'));
      store.close();
      return row;
    };
    expect([synchronous(true), synchronous(false)]).toEqual([{ synchronous: 2 }, { synchronous: 0 }]);
  });

  it('answers as both engines do: no row is null, values round-trip, a write says what it changed', () => {
    const store = openOfflineDatabase(freshPath(), [{ version: 1, sql: 'CREATE TABLE t (id INTEGER PRIMARY KEY, s TEXT, n REAL, b BLOB, f INTEGER)' }]);
    const written = store.transaction((db) => db.run('INSERT INTO t (s, n, b, f) VALUES (?, ?, ?, ?)', ['é ✓', 1.5, new Uint8Array([1, 2, 3]), true]));
    expect(written).toEqual({ changes: 1, lastInsertRowid: 1 });
    const row = store.read((db) => db.get('SELECT s, n, b, f FROM t WHERE id = ?', [1]));
    expect({ ...row, b: [...(row?.b as Uint8Array)] }).toEqual({ s: 'é ✓', n: 1.5, b: [1, 2, 3], f: 1 });
    expect(store.read((db) => db.get('SELECT s FROM t WHERE id = ?', [2]))).toBeNull();
    expect(store.read((db) => db.all('SELECT s FROM t WHERE id > ?', [5]))).toEqual([]);
    expect(store.read((db) => db.get('UPDATE t SET s = ? WHERE id = ?', ['x', 1]))).toBeNull();
    expect(store.read((db) => db.get('SELECT s FROM t'))).toEqual({ s: 'x' });
    store.close();
  });

  it('is created private (file 0600, folder 0700) and migrated once', () => {
    const path = freshPath();
    const store = openOfflineDatabase(path, MIGRATIONS);
    store.transaction((db) => db.run('INSERT INTO kv VALUES (?, ?)', ['a', '1']));
    store.close();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(path, '..')).mode & 0o777).toBe(0o700);
    const again = openOfflineDatabase(path, MIGRATIONS);
    expect(again.read((db) => db.get('SELECT v FROM kv WHERE k = ?', ['a']))).toEqual({ v: '1' });
    expect(again.setAside).toBeUndefined();
    again.close();
  });

  it('rolls a failed transaction back, keeping what was there', () => {
    const store = openOfflineDatabase(freshPath(), MIGRATIONS);
    store.transaction((db) => db.run('INSERT INTO kv VALUES (?, ?)', ['kept', '1']));
    expect(() =>
      store.transaction((db) => {
        db.run('INSERT INTO kv VALUES (?, ?)', ['lost', '2']);
        throw new Error('midway');
      }),
    ).toThrow('midway');
    expect(store.read((db) => db.all('SELECT k FROM kv ORDER BY k'))).toEqual([{ k: 'kept' }]);
    store.close();
  });

  it('moves a file that is not a database aside and starts a fresh one, saying so', () => {
    const path = freshPath();
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, 'this is not SQLite '.repeat(100));
    const store = openOfflineDatabase(path, MIGRATIONS, () => 1234);
    expect(store.setAside?.movedTo).toBe(`${path}.unreadable-1234`);
    expect(existsSync(`${path}.unreadable-1234`)).toBe(true);
    store.transaction((db) => db.run('INSERT INTO kv VALUES (?, ?)', ['a', '1']));
    store.close();
  });

  it('refuses a store written by a newer format instead of destroying it', () => {
    const path = freshPath();
    openOfflineDatabase(path, [...MIGRATIONS, { version: 5, sql: 'CREATE TABLE later (x);' }]).close();
    expect(() => openOfflineDatabase(path, MIGRATIONS)).toThrow(OfflineStoreError);
    expect(existsSync(path)).toBe(true);
  });

  it('takes over a lock left by a process killed inside a transaction', () => {
    const path = freshPath();
    openOfflineDatabase(path, MIGRATIONS).close();
    mkdirSync(`${path}.lock`);
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${path}.lock`, old, old);
    const store = openOfflineDatabase(path, MIGRATIONS);
    store.transaction((db) => db.run('INSERT INTO kv VALUES (?, ?)', ['after', '1']));
    expect(existsSync(`${path}.lock`)).toBe(false);
    store.close();
  });
});

describe('the two engines on one file (an editor and a terminal)', () => {
  let before: SqlOpener | undefined;
  beforeAll(() => {
    before = chosenSqlOpener();
  });
  afterAll(() => useSqlOpener(before));

  const openWith = (opener: SqlOpener, path: string) => {
    useSqlOpener(opener);
    return openOfflineDatabase(path, MIGRATIONS, Date.now, { busyRetryMs: 200 });
  };

  it('see each other\'s writes, and each waits while the other holds a transaction', () => {
    const path = freshPath();
    const editor = openWith(openWasmSqlite, path);
    const terminal = openWith(native, path);
    expect([editor.db.engine, terminal.db.engine]).toEqual(['wasm', 'native']);
    editor.transaction((db) => db.run('INSERT INTO kv VALUES (?, ?)', ['from', 'editor']));
    terminal.transaction((db) => db.run('INSERT INTO kv VALUES (?, ?)', ['to', 'terminal']));
    expect(editor.read((db) => db.all('SELECT k, v FROM kv ORDER BY k'))).toEqual([{ k: 'from', v: 'editor' }, { k: 'to', v: 'terminal' }]);
    expect(terminal.read((db) => db.all('SELECT k FROM kv ORDER BY k'))).toEqual([{ k: 'from' }, { k: 'to' }]);

    // Inside one's transaction the other is refused after waiting (busyRetryMs), and nothing half-written shows.
    editor.transaction((db) => {
      db.run('INSERT INTO kv VALUES (?, ?)', ['editor-half', '1']);
      expect(() => terminal.read((d) => d.all('SELECT k FROM kv'))).toThrow(OfflineStoreError);
    });
    terminal.transaction((db) => {
      db.run('INSERT INTO kv VALUES (?, ?)', ['terminal-half', '1']);
      expect(() => editor.read((d) => d.all('SELECT k FROM kv'))).toThrow(/stayed locked|database is locked/);
    });
    expect(editor.read((db) => db.all('SELECT k FROM kv ORDER BY k')).map((r) => r.k)).toEqual(['editor-half', 'from', 'terminal-half', 'to']);
    expect(existsSync(`${path}.lock`)).toBe(false);
    editor.close();
    terminal.close();
  });

  it('a terminal killed inside a transaction leaves nothing half-written, and its lock is taken over', () => {
    const path = freshPath();
    const terminal = openWith(native, path);
    terminal.transaction((db) => db.run('INSERT INTO kv VALUES (?, ?)', ['kept', '1']));
    terminal.close();
    // Another process: takes the lock as the native engine does, writes inside a transaction, is killed.
    const killed = spawnSync(process.execPath, ['-e', [
      `const Database = require(${JSON.stringify(require.resolve('better-sqlite3'))});`,
      `const path = ${JSON.stringify(path)};`,
      "require('node:fs').mkdirSync(path + '.lock');",
      "const db = new Database(path); db.exec('PRAGMA journal_mode = TRUNCATE; PRAGMA cache_size = 1; BEGIN IMMEDIATE');",
      "for (let i = 0; i < 500; i++) db.prepare('INSERT INTO kv VALUES (?, ?)').run('half-' + i, 'x'.repeat(1000));",
      "process.kill(process.pid, 'SIGKILL');",
    ].join('\n')]);
    expect(killed.signal).toBe('SIGKILL');
    expect(existsSync(`${path}.lock`)).toBe(true);
    // Its pages spilled into the file: the journal holds what must be put back.
    expect(statSync(`${path}-journal`).size).toBeGreaterThan(0);
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${path}.lock`, old, old);
    const editor = openWith(openWasmSqlite, path);
    expect(editor.read((db) => db.all('SELECT k FROM kv'))).toEqual([{ k: 'kept' }]);
    editor.close();
  });
});
