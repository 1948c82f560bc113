import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/contract';
import { OfflineCache, MESSAGES_PER_SCOPE } from '../../../shared/offline/cache-store';
import { cachingClient, flushCacheWrites } from '../../../shared/offline/caching-client';
import { TASK_STATUSES } from '../../../shared/contract/values';
import { catchUpCache } from '../../../shared/offline/catch-up';
import { keptTask } from '../../../shared/tasks/kept-task';
import { readTask } from '../../../shared/tasks/read-task';
import { CACHE_FILE, offlineAccountFolder } from '../../../shared/offline/store-folder';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { clientFor, GENERAL_CHANNEL, MARIA_TOKEN, OWNER_TOKEN } from '../support/clients';

const ROOT = join(__dirname, '..', '..', '..');
const ACCOUNT = { serviceUrl: 'http://svc', workspaceId: 'w', userId: 'u' };

function freshRoot(): string {
  return mkdtempSync(join(tmpdir(), 'wsc-cache-'));
}

function message(id: string, second: number): Message {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();
  return { id, channel_id: 'c', parent_id: null, author: { id: 'u', kind: 'person', name: 'U', handle: 'u' }, body: id, created_at: at, edited_at: null, via: null, reply_count: 0, url: '' };
}

let emu: TestEmulator | undefined;
afterEach(async () => {
  await emu?.stop();
  emu = undefined;
});

describe('the offline cache', () => {
  it('keeps the newest messages of a channel only, oldest first, with when they were saved', () => {
    let now = 1000;
    const cache = OfflineCache.open(freshRoot(), ACCOUNT, { now: () => now });
    cache.putMessages({ channel: 'c' }, Array.from({ length: MESSAGES_PER_SCOPE + 20 }, (_, i) => message(`m${i}`, i)));
    now = 2000;
    const kept = cache.messages({ channel: 'c' });
    expect(kept?.value).toHaveLength(MESSAGES_PER_SCOPE);
    expect(kept?.value[0]?.id).toBe('m20');
    expect(kept?.value.at(-1)?.id).toBe(`m${MESSAGES_PER_SCOPE + 19}`);
    expect(kept?.savedAt).toBe(1000);
    cache.close();
  });

  it('names each kept channel and thread with its newest message, timestamps compared exactly', () => {
    const cache = OfflineCache.open(freshRoot(), ACCOUNT);
    const at = (id: string, created_at: string): Message => ({ ...message(id, 0), created_at });
    // Written with different fraction widths and zones: the newest is not the greatest string.
    cache.putMessages({ channel: 'c' }, [at('a', '2026-01-01T00:00:05.9Z'), at('b', '2026-01-01T00:00:05.123456Z'), at('c', '2026-01-01T01:00:04+01:00')]);
    cache.putMessages({ thread: 't' }, [at('d', '2026-01-01T00:00:01Z')]);
    const scopes = cache.scopes().sort((x, y) => JSON.stringify(x.scope).localeCompare(JSON.stringify(y.scope)));
    expect(scopes).toEqual([
      { scope: { channel: 'c' }, newest: '2026-01-01T00:00:05.9Z' },
      { scope: { thread: 't' }, newest: '2026-01-01T00:00:01Z' },
    ]);
    cache.close();
  });

  it('drops the least recently used entries first when over its size cap', () => {
    let now = 0;
    const cache = OfflineCache.open(freshRoot(), ACCOUNT, { capBytes: 3000, now: () => (now += 1) });
    const body = 'x'.repeat(900);
    cache.put('doc', 'a', { body });
    cache.put('doc', 'b', { body });
    cache.get('doc', 'a');
    cache.put('doc', 'c', { body });
    cache.put('doc', 'd', { body });
    expect(cache.get('doc', 'a')).toBeDefined();
    expect(cache.get('doc', 'b')).toBeUndefined();
    expect(cache.get('doc', 'd')).toBeDefined();
    cache.close();
  });

  it('keeps a read as use for the size cap once the reader closes, though reads never write on their own', () => {
    let now = 0;
    const root = freshRoot();
    const options = { capBytes: 3000, now: () => (now += 1) };
    const body = 'x'.repeat(900);
    const writer = OfflineCache.open(root, ACCOUNT, options);
    writer.put('doc', 'a', { body });
    writer.put('doc', 'b', { body });
    writer.close();
    const reader = OfflineCache.open(root, ACCOUNT, options);
    expect(reader.get('doc', 'a')).toBeDefined();
    reader.close();
    const later = OfflineCache.open(root, ACCOUNT, options);
    later.put('doc', 'c', { body });
    later.put('doc', 'd', { body });
    expect(later.get('doc', 'a')).toBeDefined();
    expect(later.get('doc', 'b')).toBeUndefined();
    later.close();
  });

  it('sets aside a cache file of another account instead of showing it, saying so', () => {
    const root = freshRoot();
    const mine = OfflineCache.open(root, ACCOUNT);
    mine.put('channels', '', [{ id: 'secret' }]);
    mine.close();
    // Another account's file found where this account's belongs (copied, or a hash collision).
    const other = { ...ACCOUNT, userId: 'someone-else' };
    const folder = offlineAccountFolder(root, other);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, CACHE_FILE), readFileSync(join(offlineAccountFolder(root, ACCOUNT), CACHE_FILE)));
    const theirs = OfflineCache.open(root, other);
    expect(theirs.setAside?.reason).toMatch(/another account/);
    expect(existsSync(theirs.setAside?.movedTo ?? '')).toBe(true);
    expect(theirs.get('channels')).toBeUndefined();
    theirs.close();
  });

  it('sets aside a corrupted cache file and starts a fresh one', () => {
    const root = freshRoot();
    const folder = offlineAccountFolder(root, ACCOUNT);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, CACHE_FILE), 'garbage '.repeat(1000));
    const cache = OfflineCache.open(root, ACCOUNT);
    expect(cache.setAside?.movedTo).toContain('.unreadable-');
    cache.put('channels', '', []);
    expect(cache.get('channels')?.value).toEqual([]);
    cache.close();
  });

  it('is shared safely by two processes writing at once', async () => {
    const root = freshRoot();
    const outDir = mkdtempSync(join(tmpdir(), 'wsc-cache-writer-'));
    const script = join(outDir, 'writer.cjs');
    buildSync({ entryPoints: [join(__dirname, '..', 'support', 'cache-writer.ts')], bundle: true, platform: 'node', format: 'cjs', external: ['node-sqlite3-wasm'], outfile: script, logLevel: 'silent' });
    const run = (name: string) =>
      new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, [script, root, name, '100'], { env: { ...process.env, NODE_PATH: join(ROOT, 'node_modules') }, stdio: 'inherit' });
        child.once('exit', resolve);
      });
    expect(await Promise.all([run('a'), run('b')])).toEqual([0, 0]);
    const cache = OfflineCache.open(root, ACCOUNT);
    const ids = new Set(cache.messages({ channel: 'shared' })?.value.map((m) => m.id));
    expect(ids.size).toBe(200);
    expect(cache.get('doc', 'a-99')).toBeDefined();
    expect(cache.get('doc', 'b-99')).toBeDefined();
    cache.close();
  }, 60_000);

  it('keeps what the client read, serves it while the service is down, then catches up after it returns', async () => {
    emu = await startEmulator();
    const port = Number(new URL(emu.url).port);
    const cache = OfflineCache.open(freshRoot(), { serviceUrl: emu.url, workspaceId: 'w', userId: 'maria' });
    const client = cachingClient(clientFor(emu.url, MARIA_TOKEN, { retry: { maxAttempts: 1 } }), cache);
    const channels = await client.channels();
    const page = await client.messages(GENERAL_CHANNEL, { limit: 50 });
    await client.tasks();
    await client.mentions({});
    expect(cache.get('channels')?.value).toEqual(channels);
    expect(cache.messages({ channel: GENERAL_CHANNEL })?.value.map((m) => m.id).sort()).toEqual(page.messages.map((m) => m.id).sort());
    expect(cache.get('tasks')).toBeDefined();

    await emu.stop();
    await expect(client.channels()).rejects.toThrow();
    expect(cache.get('channels')?.value).toEqual(channels);

    emu = await startEmulator({ port });
    const owner = clientFor(emu.url, OWNER_TOKEN);
    const posted = [];
    for (let i = 0; i < 3; i += 1) posted.push((await owner.postMessage(GENERAL_CHANNEL, { body: `while away ${i} @maria` })).id);
    const result = await catchUpCache(client, cache);
    expect(result.failed).toEqual({});
    expect(result.added[`channel:${GENERAL_CHANNEL}`]).toBe(3);
    const kept = cache.messages({ channel: GENERAL_CHANNEL })?.value.map((m) => m.id) ?? [];
    expect(kept.slice(-3)).toEqual(posted);
    expect(new Set(kept).size).toBe(kept.length);
    await owner.close();
    await client.close();
    cache.close();
  }, 60_000);

  it('keeps the messages a face reads live (newer than the newest shown), as it keeps a page', async () => {
    emu = await startEmulator();
    const cache = OfflineCache.open(freshRoot(), { serviceUrl: emu.url, workspaceId: 'w', userId: 'maria' });
    const client = cachingClient(clientFor(emu.url, MARIA_TOKEN), cache);
    const page = await client.messages(GENERAL_CHANNEL, { limit: 50 });
    const newest = page.messages.at(-1)?.created_at ?? '';
    const owner = clientFor(emu.url, OWNER_TOKEN);
    const posted = [];
    for (let i = 0; i < 2; i += 1) posted.push((await owner.postMessage(GENERAL_CHANNEL, { body: `live ${i}` })).id);
    const live = [];
    for await (const m of client.iterateMessages(GENERAL_CHANNEL, { direction: 'newer', from: newest, limit: 50 })) live.push(m.id);
    expect(live).toEqual(posted);
    expect(cache.messages({ channel: GENERAL_CHANNEL })?.value.map((m) => m.id).slice(-2)).toEqual(posted);
    await owner.close();
    await client.close();
    cache.close();
  }, 60_000);

  it('keeps an opened task under its id and ref, and whole lists read with only a page size; a filtered list is not kept', async () => {
    emu = await startEmulator();
    const cache = OfflineCache.open(freshRoot(), { serviceUrl: emu.url, workspaceId: 'w', userId: 'maria' });
    const client = cachingClient(clientFor(emu.url, MARIA_TOKEN), cache);
    const rows = await client.tasks({ limit: 200 });
    expect(cache.get('tasks')?.value).toEqual(rows);
    await client.tasks({ status: 'done', limit: 200 });
    expect(cache.get('tasks')?.value).toEqual(rows);
    const docs = await client.docs({ limit: 500 });
    expect(cache.get('docs')?.value).toEqual(docs);

    const [opened, other] = rows;
    if (!opened || !other) throw new Error('the fixture has at least two tasks');
    const task = await readTask(client, opened.ref);
    expect(cache.get('task', task.id)).toBeDefined();
    // As the client reads it, also from a service that leaves out null fields.
    expect(keptTask(cache, opened.ref)?.value).toEqual({ task, whole: true });
    expect(keptTask(cache, task.id)?.value).toEqual({ task, whole: true });
    // Never opened: the list's row, the description unknown.
    const fromRow = keptTask(cache, other.id)?.value;
    expect(fromRow?.whole).toBe(false);
    expect(fromRow?.task).toMatchObject({ ...other, description: '', created_at: '' });
    expect(keptTask(cache, 'T-99999')).toBeUndefined();
    await client.close();
    cache.close();
  }, 60_000);

  it('keeps a whole task list read one status at a time as one list, merged once after the answers (not before the face draws them)', async () => {
    emu = await startEmulator();
    const cache = OfflineCache.open(freshRoot(), { serviceUrl: emu.url, workspaceId: 'w', userId: 'maria' });
    const client = cachingClient(clientFor(emu.url, MARIA_TOKEN), cache);
    const whole = await clientFor(emu.url, MARIA_TOKEN).tasks({ limit: 500 });
    const saves: string[] = [];
    const put = cache.put.bind(cache);
    cache.put = (kind, key, value) => {
      saves.push(kind);
      put(kind, key, value);
    };
    const byStatus = await Promise.all(TASK_STATUSES.map((status) => client.tasks({ status, limit: 500 })));
    expect(saves).toEqual([]);
    flushCacheWrites();
    expect(saves).toEqual(['tasks']);
    const kept = cache.get<{ id: string }[]>('tasks')?.value.map((t) => t.id).sort();
    expect(kept).toEqual(byStatus.flat().map((t) => t.id).sort());
    expect(kept).toEqual(whole.map((t) => t.id).sort());
    await client.close();
    cache.close();
  }, 60_000);
});
