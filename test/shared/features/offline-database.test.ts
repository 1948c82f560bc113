import { mkdtempSync, mkdirSync, statSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openOfflineDatabase, OfflineStoreError, type Migration } from '../../../shared/offline/database';

const MIGRATIONS: Migration[] = [{ version: 1, sql: 'CREATE TABLE kv (k TEXT PRIMARY KEY, v TEXT NOT NULL);' }];

function freshPath(): string {
  return join(mkdtempSync(join(tmpdir(), 'wsc-offline-')), 'nested', 'store.sqlite');
}

describe('the offline database', () => {
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
