// The cached answers `wsc mcp` gives while the service cannot be reached (shared/mcp/offline.ts),
// held to the service's own: each read tool is called on the local service over MCP (real HTTP),
// its answer kept in a real offline cache, and the cached answer read back must be the service's
// answer. Writes map to the outbox operations the faces already send.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfflineCache } from '../../../shared/offline/cache-store';
import type { Outbox, OutboxOperation } from '../../../shared/offline/outbox-store';
import { cachedToolAnswer, keepToolAnswer, offlineRead, offlineWrite, type OfflineMcpStores } from '../../../shared/mcp/offline';
import { OutboxSession } from '../../../shared/session/outbox-session';
import { openAccountOutbox } from '../../../shared/outbox';
import { Client as ApiClient } from '../../../shared/client';
import { IDS, TOKENS } from '../../emulator/support/api';
import { callTool, connectMcp } from '../../mcp/mcp-client';
import { startEmulator, type TestEmulator } from '../../support/emulator';

const ACCOUNT = { serviceUrl: 'http://svc', workspaceId: 'w', userId: 'u' };

let em: TestEmulator;
let mcp: Client;
beforeAll(async () => {
  em = await startEmulator();
  mcp = await connectMcp(em.url, TOKENS.maria);
});
afterAll(async () => {
  await mcp.close();
  await em.stop();
});

function storesOver(root: string, operations: OutboxOperation[]): OfflineMcpStores {
  const cache = OfflineCache.open(root, ACCOUNT);
  // A service that cannot be reached (nothing listens on port 1): every write stays queued.
  const unreachable = new ApiClient({ baseUrl: 'http://127.0.0.1:1', token: TOKENS.maria, clientName: 'wsc-mcp-test' });
  const session = new OutboxSession({
    root,
    account: ACCOUNT,
    client: unreachable,
    openOutbox: async (r, a): Promise<Outbox> => {
      const outbox = openAccountOutbox(r, a);
      const enqueue = outbox.enqueue.bind(outbox);
      outbox.enqueue = (operation, key) => {
        operations.push(operation);
        return enqueue(operation, key);
      };
      return outbox;
    },
    hasOutbox: () => true,
  });
  return { withCache: async (_create, use) => use(cache), outbox: async () => session };
}

describe('wsc mcp offline answers', () => {
  const reads: [string, Record<string, unknown>][] = [
    ['list_channels', {}],
    ['read_channel', { channel_id: IDS.general }],
    ['read_thread', { message_id: IDS.releaseThread }],
    ['read_mentions', {}],
    ['list_tasks', {}],
    ['get_task', { task: IDS.searchTask }],
    ['list_docs', {}],
    ['read_doc', { doc_id: IDS.onboardingDoc }],
  ];

  it.each(reads)('%s: the cached answer is the service\'s own answer', async (name, args) => {
    const online = await callTool(mcp, name, args);
    expect(online.isError).toBe(false);
    const cache = OfflineCache.open(mkdtempSync(join(tmpdir(), 'wsc-mcp-offline-')), ACCOUNT);
    try {
      expect(cachedToolAnswer(cache, name, args)).toBeUndefined();
      keepToolAnswer(cache, name, args, online.data);
      const cached = cachedToolAnswer(cache, name, args);
      expect(cached?.value).toEqual(online.data);
    } finally {
      cache.close();
    }
  });

  it('a read answered offline says it is cached and how old; one never kept is an error that says so', async () => {
    const stores = storesOver(mkdtempSync(join(tmpdir(), 'wsc-mcp-offline-')), []);
    const online = await callTool(mcp, 'list_docs');
    await stores.withCache(true, (cache) => keepToolAnswer(cache, 'list_docs', {}, online.data));
    const answered = await offlineRead(stores, 'list_docs', {}, 'connection refused');
    expect(answered.isError).toBeUndefined();
    expect(answered.content[0]?.text).toMatch(/^Offline: the workspace service cannot be reached \(connection refused\); this is the doc list as cached just now/);
    expect(answered.structuredContent).toMatchObject({ docs: online.data.docs, cached: { ago: 'just now', savedAt: expect.any(String) } });
    const search = await offlineRead(stores, 'search_messages', { q: 'x' }, 'connection refused');
    expect(search.isError).toBe(true);
    expect(search.content[0]?.text).toMatch(/search_messages always needs the service/);
  });

  it('writes map to the outbox operations: a post, a reply through a cached thread, task updates and notes; others are not queued', async () => {
    const operations: OutboxOperation[] = [];
    const stores = storesOver(mkdtempSync(join(tmpdir(), 'wsc-mcp-offline-')), operations);
    const thread = await callTool(mcp, 'read_thread', { message_id: IDS.releaseThread });
    await stores.withCache(true, (cache) => keepToolAnswer(cache, 'read_thread', { message_id: IDS.releaseThread }, thread.data));
    const reply = thread.data.replies[0]?.id ?? IDS.releaseThread;
    const answers = [
      await offlineWrite(stores, 'post_message', { channel_id: IDS.general, body: 'hi', parent_id: IDS.releaseThread }, 'down'),
      await offlineWrite(stores, 'reply_in_thread', { thread_id: reply, body: 'in the thread' }, 'down'),
      await offlineWrite(stores, 'update_task', { task: 'T-2', status: 'done', idempotency_key: 'k-update' }, 'down'),
      await offlineWrite(stores, 'add_task_note', { task: 'T-2', note: 'a note' }, 'down'),
    ];
    expect(answers.map((a) => a.structuredContent)).toEqual([1, 2, 3, 4].map((id) => ({ queued: true, outbox_entry: id })));
    expect(operations).toEqual([
      { kind: 'post', channelId: IDS.general, body: 'hi', parentId: IDS.releaseThread },
      { kind: 'post', channelId: thread.data.root.channel_id, body: 'in the thread', parentId: IDS.releaseThread },
      { kind: 'task_update', taskRef: 'T-2', patch: { status: 'done' } },
      { kind: 'task_update', taskRef: 'T-2', patch: { append_note: 'a note' } },
    ]);
    for (const name of ['create_task', 'create_doc', 'write_doc']) {
      const refused = await offlineWrite(stores, name, { title: 't', doc_id: 'd', body: 'b', expected_updated_at: 'x' }, 'down');
      expect(refused.isError).toBe(true);
      expect(refused.content[0]?.text).toMatch(/nothing was written or queued/);
    }
    expect(operations).toHaveLength(4);
    await (await stores.outbox())?.close();
  });
});
