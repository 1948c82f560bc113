import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { Client, InternalError, InvalidRequestError, NetworkError, RateLimitedError, type Clock, type Random } from '../../../shared';
import { parseRetryAfter } from '../../../shared/http/retry-policy';
import { capturingLogger, fixedRandom, recordingClock } from '../support/fakes';
import { sendError, sendJson, startLoopbackServer, type Handler, type LoopbackServer } from '../support/loopback-server';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

interface Rig {
  server: LoopbackServer;
  client: Client;
  clock: Clock & { sleeps: number[] };
  random: Random & { issued: string[] };
  log: ReturnType<typeof capturingLogger>;
}

async function rig(handler: Handler, maxAttempts = 5): Promise<Rig> {
  const server = await startLoopbackServer(handler);
  const clock = recordingClock();
  const random = fixedRandom(0.5);
  const log = capturingLogger();
  const client = new Client({ baseUrl: server.url, token: 'hpt_retry_secret', clientName: 'retry-test', clock, random, retry: { maxAttempts }, logger: log });
  cleanups.push(() => server.close(), () => client.close());
  return { server, client, clock, random, log };
}

/** Fails the first `n` requests with `fail`, then answers `ok`. */
const PERSON = { kind: 'person', userId: 'u1', name: 'Pat', workspaceId: 'w1', workspace: 'Acme', note: '', handle: 'pat' };

function failFirst(n: number, fail: (res: ServerResponse) => void, ok: unknown = { ok: true }): Handler {
  return (_req, res, index) => (index < n ? fail(res) : sendJson(res, 200, ok));
}

describe('reads', () => {
  it('retry 5xx with capped full-jitter backoff, then succeed', async () => {
    const r = await rig(failFirst(3, (res) => sendError(res, 500, 'internal'), PERSON));
    await expect(r.client.me()).resolves.toEqual(PERSON);
    expect(r.server.requests).toHaveLength(4);
    // random 0.5 of min(8000, 250 * 2^(n-1)): 125, 250, 500
    expect(r.clock.sleeps).toEqual([125, 250, 500]);
    expect(r.log.lines.filter((l) => l.startsWith('info') && l.includes('retry'))).toHaveLength(3);
  });

  it('retry network errors (socket destroyed before an answer)', async () => {
    const r = await rig((_req, res, index) => (index < 2 ? res.socket?.destroy() : sendJson(res, 200, { channels: [] })));
    await expect(r.client.channels()).resolves.toEqual([]);
    expect(r.server.requests).toHaveLength(3);
    expect(r.clock.sleeps).toHaveLength(2);
  });

  it('a refused connection is not retried within the call: the face shows what it kept at once', async () => {
    const r = await rig((_req, res) => sendJson(res, 200, {}));
    const url = r.server.url;
    await r.server.close();
    const clock = recordingClock();
    const client = new Client({ baseUrl: url, token: 'hpt_retry_secret', clientName: 'retry-test', clock, random: fixedRandom(0.5), retry: { maxAttempts: 5 } });
    cleanups.push(() => client.close());
    const error = await client.channels().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cannotConnect).toBe(true);
    expect(clock.sleeps).toEqual([]);
  });

  it('give up after maxAttempts with the last error', async () => {
    const r = await rig((_req, res) => sendError(res, 503, 'internal'), 5);
    await expect(r.client.me()).rejects.toBeInstanceOf(InternalError);
    expect(r.server.requests).toHaveLength(5);
    expect(r.clock.sleeps).toEqual([125, 250, 500, 1000]);
  });

  it('wait at least Retry-After on 429 (seconds), then succeed', async () => {
    const r = await rig(failFirst(2, (res) => sendError(res, 429, 'rate_limited', {}, { 'retry-after': '3' }), PERSON));
    await r.client.me();
    expect(r.server.requests).toHaveLength(3);
    expect(r.clock.sleeps).toEqual([3000, 3000]);
  });

  it('wait at least Retry-After on 503 given as an HTTP date', async () => {
    const at = new Date(1_700_000_000_000 + 2_000).toUTCString();
    const r = await rig(failFirst(1, (res) => sendError(res, 503, 'internal', {}, { 'retry-after': at }), PERSON));
    await r.client.me();
    expect(r.clock.sleeps).toEqual([2000]);
  });

  it('return a 429 at once when Retry-After is longer than maxRetryAfterMs', async () => {
    const r = await rig((_req, res) => sendError(res, 429, 'rate_limited', {}, { 'retry-after': '3600' }));
    const e = await r.client.me().catch((err: unknown) => err);
    expect(e).toBeInstanceOf(RateLimitedError);
    expect((e as RateLimitedError).retryAfterMs).toBe(3_600_000);
    expect(r.server.requests).toHaveLength(1);
  });

  it.each([
    [400, 'invalid_request'],
    [401, 'unauthorized'],
    [403, 'permission_required'],
    [404, 'not_found'],
    [409, 'conflict'],
  ])('never retry %i', async (status, code) => {
    const r = await rig((_req, res) => sendError(res, status, code));
    await expect(r.client.me()).rejects.toMatchObject({ status, code });
    expect(r.server.requests).toHaveLength(1);
    expect(r.clock.sleeps).toEqual([]);
  });

  it('retry a 502 HTML page from a proxy, then succeed', async () => {
    const r = await rig(failFirst(1, (res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    }, PERSON));
    await expect(r.client.me()).resolves.toEqual(PERSON);
    expect(r.server.requests).toHaveLength(2);
  });

  it('never retry a 4xx HTML answer (likely a wrong base URL)', async () => {
    const r = await rig((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not here</h1>');
    });
    await expect(r.client.me()).rejects.toMatchObject({ code: 'unexpected_response', status: 404 });
    expect(r.server.requests).toHaveLength(1);
  });

  it('send no Idempotency-Key on GET', async () => {
    const r = await rig((_req, res) => sendJson(res, 200, PERSON));
    await r.client.me();
    expect(r.server.requests[0]?.headers['idempotency-key']).toBeUndefined();
  });
});

describe('mutations', () => {
  it('carry one generated key, reused by every retry', async () => {
    const r = await rig(failFirst(2, (res) => sendError(res, 500, 'internal'), { id: 'm1', url: 'u' }));
    await expect(r.client.postMessage('c1', { body: 'hi' })).resolves.toEqual({ id: 'm1', url: 'u' });
    expect(r.server.requests).toHaveLength(3);
    const keys = r.server.requests.map((q) => q.headers['idempotency-key']);
    expect(r.random.issued).toHaveLength(1);
    expect(keys).toEqual([r.random.issued[0], r.random.issued[0], r.random.issued[0]]);
  });

  it('a second logical call gets a new key', async () => {
    const r = await rig((_req, res) => sendJson(res, 200, { id: 'm', url: 'u' }));
    await r.client.postMessage('c1', { body: 'a' });
    await r.client.postMessage('c1', { body: 'b' });
    const keys = r.server.requests.map((q) => q.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(2);
  });

  it("use the caller's key", async () => {
    const r = await rig(failFirst(1, (res) => res.socket?.destroy(), { ok: true, number: 1, ref: 'T-1' }));
    await r.client.patchTask('T-1', { status: 'done' }, { idempotencyKey: 'my-key-1' });
    expect(r.server.requests.map((q) => q.headers['idempotency-key'])).toEqual(['my-key-1', 'my-key-1']);
  });

  it('without a key are never retried (exactly one request)', async () => {
    const r = await rig((_req, res) => sendError(res, 500, 'internal'));
    await expect(r.client.postMessage('c1', { body: 'hi' }, { idempotencyKey: false })).rejects.toBeInstanceOf(InternalError);
    expect(r.server.requests).toHaveLength(1);
    expect(r.server.requests[0]?.headers['idempotency-key']).toBeUndefined();
  });

  it('without a key are not retried on a network error either', async () => {
    const r = await rig((_req, res) => res.socket?.destroy());
    await expect(r.client.putBudget('c1', 10, { idempotencyKey: false })).rejects.toBeInstanceOf(NetworkError);
    expect(r.server.requests).toHaveLength(1);
  });

  it('400 is final even with a key', async () => {
    const r = await rig((_req, res) => sendError(res, 400, 'invalid_request'));
    await expect(r.client.createTask({ title: '' })).rejects.toBeInstanceOf(InvalidRequestError);
    expect(r.server.requests).toHaveLength(1);
  });

  it('refuse a key longer than 160 characters before sending', async () => {
    const r = await rig((_req, res) => sendJson(res, 200, { id: 'x' }));
    await expect(r.client.createDoc({ title: 't', body: 'b' }, { idempotencyKey: 'k'.repeat(161) })).rejects.toThrow(/at most 160/);
    expect(r.server.requests).toHaveLength(0);
  });
});

describe('runAction', () => {
  it('sends requestId in the body equal to the Idempotency-Key, the same on every retry', async () => {
    const receipt = { ok: true, receipt: { actionId: 'a1', requestId: 'x', replayed: false } };
    const r = await rig(failFirst(2, (res) => sendError(res, 502, 'internal'), receipt));
    await r.client.runAction('join_channel', { channelId: 'c1' });
    expect(r.server.requests).toHaveLength(3);
    for (const q of r.server.requests) {
      expect(q.method).toBe('POST');
      expect(q.url).toBe('/api/v1/actions/join_channel');
      expect(q.headers['idempotency-key']).toBe(r.random.issued[0]);
      expect(JSON.parse(q.body)).toEqual({ channelId: 'c1', requestId: r.random.issued[0] });
    }
  });

  it("uses the input's requestId as the key", async () => {
    const r = await rig((_req, res) => sendJson(res, 200, { ok: true, receipt: { actionId: 'a', requestId: 'r', replayed: false } }));
    await r.client.runAction('send_founder_invite', { inviteId: 'i1', requestId: 'given-uuid' });
    expect(r.server.requests[0]?.headers['idempotency-key']).toBe('given-uuid');
    expect(JSON.parse(r.server.requests[0]?.body ?? '{}')).toEqual({ inviteId: 'i1', requestId: 'given-uuid' });
    expect(r.random.issued).toHaveLength(0);
  });

  it('readAction sends input fields as query parameters on GET and is retried', async () => {
    const r = await rig(failFirst(1, (res) => sendError(res, 500, 'internal'), { answers: {} }));
    await r.client.readAction('get_onboarding', { workspaceId: 'w1', limit: 5, flag: true, skip: undefined, tags: ['a', 'b'] });
    expect(r.server.requests).toHaveLength(2);
    expect(r.server.requests[0]?.method).toBe('GET');
    expect(r.server.requests[0]?.url).toBe('/api/v1/actions/get_onboarding?workspaceId=w1&limit=5&flag=true&tags=%5B%22a%22%2C%22b%22%5D');
  });
});

describe('headers and bodies', () => {
  it('send bearer, client name, JSON content-type and query without undefined values', async () => {
    const r = await rig((req, res) => sendJson(res, 200, req.method === 'GET' ? { messages: [], hasMore: false, cursor: null } : { id: 'm1', url: 'u' }));
    await r.client.messages('chan 1', { limit: 10, before: undefined, after: '2026-01-01T00:00:00.000001Z' });
    const q = r.server.requests[0];
    expect(q?.url).toBe('/api/v1/channels/chan%201/messages?limit=10&after=2026-01-01T00%3A00%3A00.000001Z');
    expect(q?.headers.authorization).toBe('Bearer hpt_retry_secret');
    expect(q?.headers['x-service-client']).toBe('retry-test');
    await r.client.postMessage('c', { body: 'x' });
    expect(r.server.requests[1]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(r.server.requests[1]?.body ?? '')).toEqual({ body: 'x' });
  });

  it('long-poll mentions get a per-attempt timeout of wait_ms + 15 s', async () => {
    // The server answers after 300 ms; a plain 200 ms timeout would fail, wait_ms 0 + 15 s must not.
    const r = await rig((_req, res) => setTimeout(() => sendJson(res, 200, { mentions: [] }), 300));
    await expect(r.client.mentions({ wait_ms: 0 })).resolves.toMatchObject({ mentions: [] });
    await expect(r.client.me({ timeoutMs: 200 })).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('retry policy arithmetic', () => {
  it('parses Retry-After forms', () => {
    expect(parseRetryAfter('2', 0)).toBe(2000);
    expect(parseRetryAfter('0.5', 0)).toBe(500);
    expect(parseRetryAfter('garbage', 0)).toBeUndefined();
    expect(parseRetryAfter(undefined, 0)).toBeUndefined();
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter(new Date(0).toUTCString(), 4_000)).toBe(0);
  });

  it('rounds a fraction of a millisecond up, and reads only a whole number of seconds or a date', () => {
    expect(parseRetryAfter('0.0001', 0)).toBe(1);
    expect(parseRetryAfter(' 3 ', 0)).toBe(3000);
    expect(parseRetryAfter('', 0)).toBeUndefined();
    expect(parseRetryAfter('   ', 0)).toBeUndefined();
    expect(parseRetryAfter('5s', 0)).toBeUndefined();
    expect(parseRetryAfter('x5', 0)).toBeUndefined();
  });
});
