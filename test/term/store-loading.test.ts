import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chosenSqlOpener, useSqlOpener } from '../../shared/offline/sql-connection';
import { loadOfflineStore } from '../../term/store-loading';

describe('loading the offline store in a terminal process', () => {
  const before = chosenSqlOpener();
  afterAll(() => useSqlOpener(before));

  it('gives back the store module, also to loads that overlap, and opens files on native SQLite', async () => {
    const [cache, outbox] = await Promise.all([loadOfflineStore(() => import('../../shared/offline/cache-store')), loadOfflineStore(() => import('../../shared/offline/outbox-store'))]);
    expect(typeof cache.OfflineCache.open).toBe('function');
    expect(outbox).toBeDefined();
    const { openOfflineDatabase } = await loadOfflineStore(() => import('../../shared/offline/database'));
    const store = openOfflineDatabase(join(mkdtempSync(join(tmpdir(), 'wsc-store-loading-')), 'x.sqlite'), [{ version: 1, sql: 'CREATE TABLE t (n INTEGER)' }]);
    expect(store.db.engine).toBe('native');
    store.transaction((db) => db.run('INSERT INTO t (n) VALUES (?)', [41]));
    expect(store.read((db) => db.get('SELECT n + 1 AS n FROM t'))).toEqual({ n: 42 });
    store.close();
  });

  it('passes on a failed load and loads again afterwards', async () => {
    await expect(loadOfflineStore(() => Promise.reject(new Error('no such module')))).rejects.toThrow('no such module');
    expect(await loadOfflineStore(() => Promise.resolve('again'))).toBe('again');
  });
});
