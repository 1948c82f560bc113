// Malformed answers through the client: a real loopback server answers every request with one of
// many broken answers (wrong shapes of every page, garbage, cut connections). Every read call, the
// paging iterators, the run-event reader and the mention watcher must end in a typed ApiError (or a
// result), never a TypeError, a hang or an unhandled rejection. (The single-answer cases of the
// transport are in test/shared/client/errors.test.ts.)
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, MemoryCursorStore, MentionWatcher, isApiError, readRunEvents } from '../../../shared';
import { startLoopbackServer, type LoopbackServer } from '../support/loopback-server';

type Answer = (res: ServerResponse, path: string) => void;

const json = (value: unknown): Answer => (res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(typeof value === 'string' ? value : JSON.stringify(value));
};
/** The list key each path's answer is documented to carry. */
const keyOf = (path: string): string =>
  path.endsWith('/messages') ? 'messages' : path.endsWith('/events') ? 'events' : path.endsWith('/mentions') ? 'mentions' : path.includes('/threads/') ? 'replies' : 'items';
const shaped = (make: (key: string) => unknown): Answer => (res, path) => json(make(keyOf(path)))(res, path);

const ANSWERS: Array<[string, Answer]> = [
  ['empty object', json({})],
  ['top-level array', json([])],
  ['JSON null', json('null')],
  ['JSON number', json('42')],
  ['list is null', shaped((k) => ({ [k]: null, hasMore: false, cursor: null, nextAfter: 0, root: {} }))],
  ['list is a string', shaped((k) => ({ [k]: 'not a list', hasMore: false, cursor: null, nextAfter: 0, root: {} }))],
  ['list is an object', shaped((k) => ({ [k]: { length: 2 }, hasMore: false, cursor: null, nextAfter: 0, root: {} }))],
  ['list of nulls', shaped((k) => ({ [k]: [null, null], hasMore: false, cursor: null, nextAfter: 2, root: {} }))],
  ['list of numbers', shaped((k) => ({ [k]: [1, 2, 3], hasMore: true, cursor: 'x', nextAfter: 3, root: {} }))],
  ['rows without ids', shaped((k) => ({ [k]: [{ body: 'hi' }], hasMore: false, cursor: null, nextAfter: 1, root: {} }))],
  ['hasMore without a cursor', shaped((k) => ({ [k]: [], hasMore: true, cursor: null }))],
  ['nextAfter not a number', shaped((k) => ({ [k]: [], hasMore: true, nextAfter: 'soon' }))],
  ['truncated JSON', json('{"messages":[{"id":"m1","bo')],
  ['deeply nested JSON', json('['.repeat(100_000) + ']'.repeat(100_000))],
  ['HTML with 200', (res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><p>Sign in</p>');
  }],
  ['error without code', (res) => {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end('{"error":"boom"}');
  }],
  ['body cut short', (res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
    res.write('{"messages":[');
    setTimeout(() => res.destroy(), 5);
  }],
  ['connection destroyed', (res) => res.destroy()],
  ['binary garbage', (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(Buffer.from([0xff, 0xfe, 0x00, 0x1b, 0x5b, 0x32, 0x4a, 0x80]));
  }],
  ['redirect', (res) => {
    res.writeHead(302, { location: 'https://evil.example/' });
    res.end();
  }],
];

let server: LoopbackServer;
let answer: Answer = ANSWERS[0]?.[1] as Answer;
let client: Client;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  server = await startLoopbackServer((req, res) => answer(res, req.url.split('?')[0] ?? ''));
  client = new Client({ baseUrl: server.url, token: 'hpt_malformed_test', clientName: 'malformed', retry: { maxAttempts: 1 }, defaultTimeoutMs: 5_000 });
  process.on('unhandledRejection', onUnhandled);
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await client.close();
  await server.close();
});
beforeEach(() => {
  unhandled.length = 0;
});
afterEach(() => {
  expect(unhandled).toEqual([]);
});

/** Resolves to 'ok' or the error; anything thrown that is not an ApiError fails the test. */
async function outcome(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
    return 'ok';
  } catch (error) {
    if (!isApiError(error)) throw new Error(`not a typed error: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
    expect(error.hint.length).toBeGreaterThan(0);
    return error.code;
  }
}

const drain = async (iterable: AsyncIterable<unknown>) => {
  for await (const _x of iterable) void _x;
};

describe.each(ANSWERS)('answer: %s', (_name, broken) => {
  beforeEach(() => {
    answer = broken;
  });

  it('every read call ends typed', { timeout: 20_000 }, async () => {
    const calls: Array<() => Promise<unknown>> = [
      () => client.me(),
      () => client.channels(),
      () => client.messages('c1'),
      () => client.thread('m1'),
      () => client.members('c1'),
      () => client.links('c1'),
      () => client.mentions({}),
      () => client.runEvents('r1'),
      () => client.getDoc('d1'),
      () => client.docs(),
      () => client.tasks(),
      () => client.search({ q: 'hello' }),
      () => client.automations('c1'),
      () => client.wake(),
      () => client.postMessage('c1', { body: 'hi' }),
    ];
    for (const call of calls) await outcome(call);
  });

  it('the paging iterators end typed', { timeout: 20_000 }, async () => {
    await outcome(() => drain(client.iterateMessages('c1', { direction: 'newer' })));
    await outcome(() => drain(client.iterateMessages('c1', { direction: 'older' })));
    await outcome(() => drain(client.iterateReplies('m1', { direction: 'newer' })));
    await outcome(() => drain(client.iterateRunEvents('r1')));
  });

  it('the run-event reader reports a typed failure or ends', { timeout: 20_000 }, async () => {
    const ends: unknown[] = [];
    await outcome(async () => {
      for await (const e of readRunEvents({ client, runId: 'r1', backoff: { baseMs: 1, maxMs: 2, maxAttempts: 2 } })) {
        if (e.type === 'end') ends.push(e.error ?? e.reason);
        if (e.type === 'error') expect(isApiError(e.error)).toBe(true);
      }
    });
    for (const end of ends) if (typeof end !== 'string') expect(isApiError(end)).toBe(true);
  });

  it('the mention watcher reports typed errors and keeps going', { timeout: 20_000 }, async () => {
    const watcher = new MentionWatcher({ client, cursorStore: new MemoryCursorStore<string>(), backoff: { baseMs: 1, maxMs: 5 }, minEmptyPollIntervalMs: 5, waitMs: 50 });
    let seen = 0;
    const stopAt = setTimeout(() => watcher.stop(), 300);
    try {
      await outcome(async () => {
        for await (const e of watcher.events()) {
          if (e.type === 'error' || e.type === 'unauthorized') expect(isApiError(e.error)).toBe(true);
          if (++seen > 50) watcher.stop();
        }
      });
    } finally {
      clearTimeout(stopAt);
      watcher.stop();
    }
  });
});
