import { brotliCompressSync, deflateRawSync, deflateSync, gunzipSync, gzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, LIMITS, readRunEvents, saveDoc, UnexpectedResponseError, type RunReaderEvent } from '../../../shared';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { ALICE_TOKEN, BOB_TOKEN, clientFixture, IDS, RUN_EVENT_COUNT, TOP_LEVEL_COUNT } from '../support/fixture';
import { startLoopbackServer, type LoopbackServer } from '../support/loopback-server';

// The client against the other readings of the spec (`wsc serve --variant latitude`: gzip answers,
// 204 confirmations, short pages, empty-but-hasMore run pages, omitted nulls, newest-first mention
// windows, early long-polls), and against answers no twin gives (other codings, other field names).
let service: TestEmulator;
let alice: Client;
let bob: Client;

beforeAll(async () => {
  service = await startEmulator({ fixture: clientFixture(), variant: 'latitude' });
  alice = new Client({ baseUrl: service.url, token: ALICE_TOKEN, clientName: 'latitude-tests', retry: { maxAttempts: 1 } });
  bob = new Client({ baseUrl: service.url, token: BOB_TOKEN, clientName: 'latitude-tests-bob', retry: { maxAttempts: 1 } });
});

afterAll(async () => {
  await alice.close();
  await bob.close();
  await service.stop();
});

async function raw(path: string, headers: Record<string, string> = {}) {
  const res = await request(`${service.url}${path}`, { headers: { authorization: `Bearer ${ALICE_TOKEN}`, ...headers } });
  const body = Buffer.from(await res.body.arrayBuffer());
  return { status: res.statusCode, headers: res.headers, body };
}

describe('the latitude variant itself (so the tests below test something)', () => {
  it('gzips when no Accept-Encoding is sent, leaves out nulls and sends short pages', async () => {
    const res = await raw(`/api/v1/channels/${IDS.general}/messages?limit=6`);
    expect(res.headers['content-encoding']).toBe('gzip');
    const page = JSON.parse(gunzipSync(res.body).toString('utf8')) as {
      messages: Array<Record<string, unknown>>;
      hasMore: boolean;
    };
    expect(page.messages).toHaveLength(3);
    expect(page.hasMore).toBe(true);
    expect(page.messages.every((m) => !('parent_id' in m))).toBe(true);
  });

  it('answers identity when asked to', async () => {
    const res = await raw(`/api/v1/me`, { 'accept-encoding': 'identity' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8'))).toMatchObject({ userId: IDS.alice });
  });
});

describe('the client across the latitude', () => {
  it('asks for and decodes compressed answers', async () => {
    await expect(alice.me()).resolves.toMatchObject({ userId: IDS.alice, handle: 'alice' });
  });

  it('fills a page from shorter pages and reads omitted nulls as null', async () => {
    const page = await alice.messages(IDS.general, { limit: 6 });
    expect(page.messages).toHaveLength(6);
    expect(page.hasMore).toBe(true);
    expect(typeof page.cursor).toBe('string');
    expect(page.messages.every((m) => m.parent_id === null && m.edited_at === null)).toBe(true);
    const all: string[] = [];
    for await (const m of alice.iterateMessages(IDS.general, { direction: 'older', limit: 4 })) all.push(m.id);
    expect(all).toHaveLength(TOP_LEVEL_COUNT + 1);
    expect(new Set(all).size).toBe(all.length);
  });

  it('takes a 204 confirmation as done', async () => {
    const posted = await alice.postMessage(IDS.general, { body: 'to be edited' });
    const edited = await alice.editMessage(posted.id, 'edited under 204');
    expect(edited).toMatchObject({ ok: true, id: posted.id });
    expect(Number.isNaN(Date.parse(edited.edited_at))).toBe(false);
    const newest = await alice.messages(IDS.general, { limit: 1 });
    expect(newest.messages[0]?.body).toBe('edited under 204');
  });

  it('reads every run event across empty pages that say hasMore (iterator and reader)', async () => {
    const seqs: number[] = [];
    for await (const e of alice.iterateRunEvents(IDS.run, { limit: 4 })) seqs.push(e.seq);
    expect(seqs).toEqual(Array.from({ length: RUN_EVENT_COUNT }, (_, i) => i + 1));

    const fresh = new Client({ baseUrl: service.url, token: ALICE_TOKEN, clientName: 'latitude-reader', retry: { maxAttempts: 1 } });
    const seen: RunReaderEvent[] = [];
    for await (const ev of readRunEvents({ client: fresh, runId: IDS.run, limit: 3, after: 2 })) seen.push(ev);
    await fresh.close();
    expect(seen.filter((e) => e.type === 'event')).toHaveLength(RUN_EVENT_COUNT - 2);
    expect(seen.at(-1)).toMatchObject({ type: 'end', reason: 'caught_up', after: RUN_EVENT_COUNT });
  });

  it('recovers every mention when a full page after `since` holds the newest rows', async () => {
    const since = (await alice.messages(IDS.general, { limit: 1 })).messages[0]?.created_at ?? '';
    for (let i = 1; i <= 7; i++) await bob.postMessage(IDS.general, { body: `@alice ping ${i}` });
    const answer = await alice.mentions({ since, limit: 2 });
    expect(answer.truncated).toBeUndefined();
    expect(answer.mentions.map((m) => m.body).sort()).toEqual(Array.from({ length: 7 }, (_, i) => `@alice ping ${i + 1}`).sort());
  });
});

describe('generic command names (list_capabilities)', () => {
  it('a command the service does not offer is named as such; a missing task stays a missing task', async () => {
    await expect(alice.readAction('get_task_details', { taskId: 'T-1' })).rejects.toThrow(/does not offer the command "get_task_details" \(it is not in list_capabilities\)/);
    await expect(alice.runAction('rename_document', { docId: IDS.doc, title: 'x' })).rejects.toThrow(/does not offer the command "rename_document"/);
    const missing = (await alice.readAction('get_task', { taskId: 'T-999' }).catch((e: unknown) => e)) as Error;
    expect(missing).toMatchObject({ code: 'not_found' });
    expect(missing.message).not.toContain('does not offer');
  });
});

describe('answers no twin gives', () => {
  let stub: LoopbackServer | undefined;
  afterAll(async () => stub?.close());

  async function clientFor(handler: Parameters<typeof startLoopbackServer>[0]): Promise<Client> {
    await stub?.close();
    stub = await startLoopbackServer(handler);
    return new Client({ baseUrl: stub.url, token: 'hpt_latitude_stub', clientName: 'latitude-stub', retry: { maxAttempts: 1 } });
  }

  const ME = JSON.stringify({ kind: 'person', userId: 'u1', name: 'Pat', workspaceId: 'w1', workspace: 'Acme', note: '', handle: 'pat' });

  it.each([
    ['deflate', (b: Buffer) => deflateSync(b)],
    ['deflate', (b: Buffer) => deflateRawSync(b)],
    ['br', (b: Buffer) => brotliCompressSync(b)],
    ['gzip, br', (b: Buffer) => brotliCompressSync(gzipSync(b))],
  ])('decodes Content-Encoding %s', async (coding, encode) => {
    const client = await clientFor((_req, res) => {
      const body = encode(Buffer.from(ME));
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': coding, 'content-length': body.byteLength });
      res.end(body);
    });
    await expect(client.me()).resolves.toMatchObject({ userId: 'u1' });
    expect(stub?.requests[0]?.headers['accept-encoding']).toContain('gzip');
    await client.close();
  });

  it('a coding it cannot decode is an unexpected response that says which', async () => {
    const client = await clientFor((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'compress' });
      res.end('xx');
    });
    await expect(client.me()).rejects.toThrow(/content coding "compress"/);
    await client.close();
  });

  it('a doc whose version field has another name is refused, and nothing is saved blind', async () => {
    const client = await clientFor((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.method === 'GET' ? JSON.stringify({ id: 'd1', title: 'Plan', body: 'v1', modified_at: '2026-01-01T00:00:00Z' }) : '{}');
    });
    const error = await client.getDoc('d1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toContain('"updated_at" is missing');
    expect((error as Error).message).toContain('GET /api/v1/docs/d1');
    expect(stub?.requests.map((r) => r.method)).toEqual(['GET']);
    await client.close();
  });

  it('a save answered in an unknown shape is read back: saved when the doc holds the text, else "unconfirmed"', async () => {
    let body = 'old';
    const client = await clientFor((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.method === 'PATCH') {
        body = (JSON.parse(req.body) as { body: string }).body;
        res.end(JSON.stringify({ result: 'ok' }));
      } else res.end(JSON.stringify({ id: 'd1', title: 'Plan', body, updated_at: '2026-01-02T00:00:00Z' }));
    });
    await expect(saveDoc(client, { id: 'd1', base: { body: 'old', updated_at: '2026-01-01T00:00:00Z' }, mine: 'new' })).resolves.toEqual({
      kind: 'saved',
      updated_at: '2026-01-02T00:00:00Z',
    });
    await client.close();

    const prClient = await clientFor((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.method === 'PATCH' ? JSON.stringify({ proposal: { link: 'https://x/pr/1' } }) : JSON.stringify({ id: 'd1', title: 'Plan', body: 'old', updated_at: 'v1' }));
    });
    await expect(saveDoc(prClient, { id: 'd1', base: { body: 'old', updated_at: 'v1' }, mine: 'new' })).resolves.toEqual({ kind: 'unconfirmed', mine: 'new' });
    await prClient.close();
  });

  it('says plainly when more mentions follow `since` than the service sends and it sent the newest', async () => {
    const row = (i: number) => ({ id: `m${i}`, created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(), body: `@pat ${i}`, reason: 'mention', context: [] });
    const total = LIMITS.mentionsMax + 20;
    const client = await clientFor((req, res) => {
      const url = new URL(req.url, 'http://x');
      const since = url.searchParams.get('since') ?? '';
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 50), LIMITS.mentionsMax);
      const after = Array.from({ length: total }, (_, i) => row(i + 1)).filter((r) => r.created_at > since);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ mentions: after.reverse().slice(0, limit) }));
    });
    const answer = await client.mentions({ since: '2026-01-01T00:00:00.000000Z', limit: 10 });
    expect(answer.truncated).toBe(true);
    expect(answer.mentions).toHaveLength(LIMITS.mentionsMax);
    await client.close();
  });

  it('an answer missing a field the client needs names the endpoint and the field (never a TypeError)', async () => {
    const client = await clientFor((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ messages: [{ id: 'm1', body: 'no time' }], hasMore: false }));
    });
    await expect(client.messages('c1')).rejects.toThrow(/GET \/api\/v1\/channels\/c1\/messages .*"messages\[0\]\.created_at" is missing/);
    await client.close();
  });

  it('a run-event page not understood ends the reader at once with the field named (no 30–50 s of retries)', async () => {
    const client = await clientFor((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ events: [{ sequence: 1, name: 'note' }], nextAfter: 1, hasMore: false }));
    });
    const seen: RunReaderEvent[] = [];
    for await (const ev of readRunEvents({ client, runId: 'r1' })) seen.push(ev);
    await client.close();
    expect(stub?.requests).toHaveLength(1);
    const end = seen.at(-1);
    expect(end).toMatchObject({ type: 'end', reason: 'failed' });
    expect(String((end as { error?: Error }).error?.message)).toContain('"events[0].seq" is missing');
  });
});
