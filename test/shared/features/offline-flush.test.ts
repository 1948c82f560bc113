// Which offline store waits for the disk: the outbox holds what a person wrote and flushes every
// transaction; the cache, which the service refills, does not, so a face's frame never waits on it.
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OfflineCache } from '../../../shared/offline/cache-store';
import { Outbox } from '../../../shared/offline/outbox';
import { chosenSqlOpener, useSqlOpener } from '../../../shared/offline/sql-connection';
import { openWasmSqlite } from '../../../shared/offline/wasm-sqlite';

// Counted on the WebAssembly build, whose file calls are JavaScript (both engines get the same
// `PRAGMA synchronous`: offline-database.test.ts). Its VFS reads the CommonJS `fs` module at call
// time: counting its fsyncs there counts the store's.
const fs = createRequire(import.meta.url)('node:fs') as typeof import('node:fs');
const ACCOUNT = { serviceUrl: 'http://127.0.0.1:1', workspaceId: 'w-1', userId: 'u-1' };

const engineBefore = chosenSqlOpener();
beforeAll(() => useSqlOpener(openWasmSqlite));
afterAll(() => useSqlOpener(engineBefore));

let fsyncs = 0;
let original: typeof fs.fsyncSync;
beforeEach(() => {
  original = fs.fsyncSync;
  fsyncs = 0;
  fs.fsyncSync = ((fd: number) => {
    fsyncs++;
    original(fd);
  }) as typeof fs.fsyncSync;
});
afterEach(() => {
  fs.fsyncSync = original;
});

describe('offline stores and the disk', () => {
  it('the outbox waits until each queued write is on disk', () => {
    const outbox = Outbox.open(join(mkdtempSync(join(tmpdir(), 'wsc-flush-')), 'outbox.sqlite'));
    try {
      const before = fsyncs;
      outbox.enqueue({ kind: 'post', channelId: 'c-1', body: 'kept through a power cut' });
      expect(fsyncs).toBeGreaterThan(before);
    } finally {
      outbox.close();
    }
  });

  it('the cache keeps pages without waiting for the disk', () => {
    const cache = OfflineCache.open(mkdtempSync(join(tmpdir(), 'wsc-flush-')), ACCOUNT);
    try {
      const before = fsyncs;
      for (let i = 0; i < 5; i++) cache.put('doc', `d-${i}`, { body: `body ${i}` });
      cache.put('channels', '', [{ id: 'c-1', name: 'general' }]);
      expect(fsyncs).toBe(before);
      expect(cache.get<{ body: string }>('doc', 'd-4')?.value.body).toBe('body 4');
    } finally {
      cache.close();
    }
  });
});
