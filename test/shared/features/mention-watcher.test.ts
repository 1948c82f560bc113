import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Client } from '../../../shared/client';
import { FileCursorStore, MemoryCursorStore } from '../../../shared/config/cursor-store';
import type { MentionRow } from '../../../shared/contract';
import { startMentionFeed } from '../../../shared/live/mention-feed';
import { MentionWatcher, type MentionWatcherOptions, type WatcherEvent } from '../../../shared/live/mention-watcher';
import { spawnEmulator, startEmulator, type TestEmulator } from '../../support/emulator';
import { clientFor, GENERAL_CHANNEL, MARIA_TOKEN, mentionRow, OWNER_TOKEN, sendJson, startFakeServer, until, type FakeServer } from '../support/clients';

const BEFORE_EVERYTHING = '2026-01-01T00:00:00.000000Z';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

function track<T extends { close(): Promise<void> } | TestEmulator>(thing: T): T {
  cleanups.push(() => ('stop' in thing ? thing.stop() : thing.close()));
  return thing;
}

/** Consumes the watcher in the background, recording every event; `onMention` runs while the row is being handled. */
function consume(watcher: MentionWatcher, onMention?: (row: MentionRow) => Promise<void> | void) {
  const events: WatcherEvent[] = [];
  const done = (async () => {
    for await (const event of watcher.events()) {
      events.push(event);
      if (event.type === 'mention') await onMention?.(event.row);
    }
  })();
  cleanups.push(async () => {
    watcher.stop();
    await done;
  });
  const mentions = () => events.filter((e): e is Extract<WatcherEvent, { type: 'mention' }> => e.type === 'mention').map((e) => e.row);
  const states = () => events.flatMap((e) => (e.type === 'status' ? [e.state] : []));
  return { events, done, mentions, states };
}

function watcher(client: MentionWatcherOptions['client'], extra: Partial<MentionWatcherOptions> = {}) {
  return new MentionWatcher({ client, cursorStore: new MemoryCursorStore(), backoff: { baseMs: 20, maxMs: 100 }, ...extra });
}

async function postMention(owner: Client, text: string): Promise<string> {
  return (await owner.postMessage(GENERAL_CHANNEL, { body: `@maria ${text}` })).id;
}

describe('mention watcher against the local service', () => {
  it('pages with limit 1 while hasMore, handles oldest first, saves the cursor only after each row was handled', async () => {
    const emu = track(await startEmulator());
    const maria = track(clientFor(emu.url, MARIA_TOKEN));
    const owner = track(clientFor(emu.url, OWNER_TOKEN));
    const expected = (await maria.mentions({ limit: 200 })).mentions.map((m) => m.id).reverse();
    expect(expected.length).toBeGreaterThanOrEqual(3);

    const store = new MemoryCursorStore();
    const w = watcher(maria, { cursorStore: store, limit: 1, startAt: BEFORE_EVERYTHING });
    const seenCursors: Array<string | undefined> = [];
    const run = consume(w, async (row) => {
      // While the row is being handled, its created_at has not been saved yet.
      seenCursors.push(await store.load());
      expect(store.saved).not.toContain(row.created_at);
    });
    await until(() => run.mentions().length === expected.length, 5_000, 'fixture mentions');
    expect(run.mentions().map((m) => m.id)).toEqual(expected);
    await until(() => store.saved.length === expected.length);
    expect(store.saved).toEqual(run.mentions().map((m) => m.created_at));
    expect(seenCursors).toEqual([undefined, ...store.saved.slice(0, -1)]);

    // Three new mentions while long-polling: each exactly once, in order.
    const posted = [await postMention(owner, 'one'), await postMention(owner, 'two'), await postMention(owner, 'three')];
    await until(() => run.mentions().length === expected.length + 3, 5_000, 'new mentions');
    expect(run.mentions().map((m) => m.id)).toEqual([...expected, ...posted]);
    expect(run.states().slice(0, 2)).toEqual(['connecting', 'live']);
  });

  it('stops on 401 and asks for a new token', async () => {
    const emu = track(await startEmulator());
    const revoked = track(clientFor(emu.url, 'hpt_revoked'));
    const run = consume(watcher(revoked));
    await run.done;
    expect(run.events.map((e) => e.type)).toEqual(['status', 'unauthorized', 'status']);
    expect(run.states()).toEqual(['connecting', 'stopped']);
  });

  it('backs off on errors, reconnects with a catch-up and loses nothing', async () => {
    const emu = track(await startEmulator());
    const maria = track(clientFor(emu.url, MARIA_TOKEN, { retry: { maxAttempts: 1 } }));
    const owner = track(clientFor(emu.url, OWNER_TOKEN));
    const run = consume(watcher(maria, { waitMs: 300 }));
    await until(() => run.states().includes('live'));
    const before = run.mentions().length;
    await emu.control.faults({ fail500: 3, pathPattern: '/api/v1/me/mentions' });
    // The open long-poll ends within waitMs; the polls after it fail.
    await until(() => run.events.some((e) => e.type === 'error'), 5_000, 'an error');
    const a = await postMention(owner, 'during faults');
    await until(() => run.mentions().some((m) => m.id === a), 5_000, 'mention after faults');
    expect(run.states()).toContain('reconnecting');
    await until(() => run.states().at(-1) === 'live', 2_000, 'live again');
    const b = await postMention(owner, 'after recovery');
    await until(() => run.mentions().some((m) => m.id === b));
    const ids = run.mentions().map((m) => m.id);
    expect(ids.slice(before)).toEqual([a, b]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('survives a service restart (wsc serve --data) without losing or repeating a mention', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wsc-watch-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const dataFile = join(dir, 'state.sqlite');
    let emu = await spawnEmulator({ dataFile });
    const port = new URL(emu.url).port;
    const maria = track(clientFor(emu.url, MARIA_TOKEN, { retry: { maxAttempts: 1 } }));
    const cursorFile = join(dir, 'cursor.json');
    const run = consume(watcher(maria, { cursorStore: new FileCursorStore(cursorFile), waitMs: 2_000 }));
    await until(() => run.states().includes('live'), 10_000);
    let owner = clientFor(emu.url, OWNER_TOKEN);
    const a = await postMention(owner, 'before restart');
    await until(() => run.mentions().some((m) => m.id === a), 5_000, 'mention before restart');
    await owner.close();
    await emu.stop();

    await until(() => run.states().includes('reconnecting'), 10_000, 'reconnecting');
    emu = await spawnEmulator({ dataFile, args: ['--port', port] });
    cleanups.push(() => emu.stop());
    owner = track(clientFor(emu.url, OWNER_TOKEN));
    const b = await postMention(owner, 'after restart');
    const c = await postMention(owner, 'after restart too');
    await until(() => run.mentions().some((m) => m.id === c), 15_000, 'mentions after restart');
    const ids = run.mentions().map((m) => m.id);
    expect(ids.slice(ids.indexOf(a))).toEqual([a, b, c]);
    expect(new Set(ids).size).toBe(ids.length);

    // A new watcher (a new process) resumes from the saved cursor: nothing handled is repeated.
    const last = run.mentions().at(-1)?.created_at;
    let saved: string | undefined;
    await until(() => {
      void new FileCursorStore(cursorFile).load().then((v) => (saved = v));
      return saved === last;
    }, 2_000, 'cursor saved after the last mention was handled');
    const next = consume(watcher(track(clientFor(emu.url, MARIA_TOKEN)), { cursorStore: new FileCursorStore(cursorFile), waitMs: 300 }));
    await until(() => next.states().includes('live'));
    const d = await postMention(owner, 'for the second watcher');
    await until(() => next.mentions().length > 0);
    expect(next.mentions().map((m) => m.id)).toEqual([d]);
  }, 40_000);
});

describe('mention watcher against answers the service never gives', () => {
  it('dedupes overlapping windows of rows with EQUAL created_at split across responses', async () => {
    const t1 = '2026-05-01T10:00:00.000001Z';
    const visible: MentionRow[] = [mentionRow('A', t1)];
    // This server answers `since` inclusively (>=), so every window overlaps the previous one.
    const server: FakeServer = track(
      await startFakeServer(({ query, res }) => {
        const since = query.get('since');
        const rows = visible.filter((r) => since === null || r.created_at >= since);
        sendJson(res, 200, { mentions: [...rows].reverse(), hasMore: false });
      }),
    );
    const client = track(clientFor(server.url, 'hpt_x', { retry: { maxAttempts: 1 } }));
    const run = consume(watcher(client, { minEmptyPollIntervalMs: 30, startAt: '2026-05-01T09:00:00.000000Z' }));
    await until(() => run.mentions().length === 1);
    visible.push(mentionRow('B', t1));
    await until(() => run.mentions().length === 2);
    visible.push(mentionRow('C', t1), mentionRow('D', '2026-05-01T10:00:00.000002Z'));
    await until(() => run.mentions().length === 4);
    await new Promise((r) => setTimeout(r, 150));
    expect(run.mentions().map((m) => m.id)).toEqual(['A', 'B', 'C', 'D']);
    // Every query after the first carried the cursor exactly as the server wrote it.
    const sinces = server.requests.map((r) => r.query.get('since'));
    expect(sinces).toContain(t1);
    expect(sinces).toContain('2026-05-01T10:00:00.000002Z');
  });

  it('catches up from a little earlier after an error: a late row with an equal created_at is found', async () => {
    const t1 = '2026-05-01T10:00:00.123456Z';
    const visible: MentionRow[] = [mentionRow('A', t1)];
    let failNext = false;
    // Strictly-after server; B appears later with A's timestamp, so `since=t1` alone would never return it.
    const server = track(
      await startFakeServer(({ query, res }) => {
        if (failNext) {
          failNext = false;
          return sendJson(res, 503, { error: { code: 'internal', message: 'down', hint: 'retry' } });
        }
        const since = query.get('since');
        const rows = visible.filter((r) => since === null || r.created_at > since);
        if (rows.length === 0 && query.get('wait_ms')) return void setTimeout(() => sendJson(res, 200, { mentions: [] }), 50);
        sendJson(res, 200, { mentions: [...rows].reverse() });
      }),
    );
    const client = track(clientFor(server.url, 'hpt_x', { retry: { maxAttempts: 1 } }));
    const run = consume(watcher(client, { startAt: '2026-05-01T09:00:00.000000Z', catchUpOverlapMs: 5_000 }));
    await until(() => run.mentions().length === 1);
    visible.push(mentionRow('B', t1));
    failNext = true;
    await until(() => run.mentions().length === 2, 5_000, 'late row');
    expect(run.mentions().map((m) => m.id)).toEqual(['A', 'B']);
    const catchUps = server.requests.filter((r) => !r.query.has('wait_ms')).map((r) => r.query.get('since'));
    expect(catchUps).toContain('2026-05-01T09:59:55.123456Z');
  });

  it('a doorbell cue drops a stuck long-poll and polls at once; idle holds exactly one open long-poll', async () => {
    // Long-polls are held forever (a proxy that swallowed the answer); catch-ups answer at once.
    const server = track(
      await startFakeServer(({ query, res }) => {
        if (!query.get('wait_ms')) sendJson(res, 200, { mentions: [] });
      }),
    );
    const client = track(clientFor(server.url, 'hpt_x', { retry: { maxAttempts: 1 } }));
    const w = watcher(client, { cueMinAgeMs: 200 });
    consume(w);
    await until(() => server.requests.some((r) => r.query.has('wait_ms')));
    await new Promise((r) => setTimeout(r, 100));
    expect(server.open()).toBe(1);
    expect(server.requests).toHaveLength(2);

    // A cue for a long-poll younger than cueMinAgeMs is already covered by it.
    w.cue('wake');
    await new Promise((r) => setTimeout(r, 50));
    expect(server.requests).toHaveLength(2);

    await new Promise((r) => setTimeout(r, 100));
    w.cue('wake');
    await until(() => server.requests.length === 3, 2_000, 'poll after cue');
    expect(server.requests[2]?.query.get('wait_ms')).toBe('25000');
    await until(() => server.open() === 1, 2_000, 'one open long-poll');
    // A (re)subscription cue always re-polls.
    w.cue('subscribed');
    await until(() => server.requests.length === 4, 2_000, 'poll after subscribe');
    await until(() => server.open() === 1);
  });
});

describe('mention feed: the watcher with the real doorbell', () => {
  it('turns wakes into cues and still takes mentions from polling', async () => {
    const emu = track(await startEmulator());
    const maria = track(clientFor(emu.url, MARIA_TOKEN));
    const owner = track(clientFor(emu.url, OWNER_TOKEN));
    const doorbellStates: string[] = [];
    const feed = startMentionFeed({
      client: maria,
      cursorStore: new MemoryCursorStore(),
      cueMinAgeMs: 0,
      onDoorbellStatus: (status) => doorbellStates.push(status),
    });
    const cues: string[] = [];
    const cue = feed.watcher.cue.bind(feed.watcher);
    feed.watcher.cue = (reason) => {
      cues.push(reason ?? '');
      cue(reason);
    };
    cleanups.push(() => feed.stop());
    const run = consume(feed.watcher);
    await until(() => run.states().includes('live') && doorbellStates.includes('subscribed'), 10_000, 'live and subscribed');
    const before = run.mentions().length;
    const a = await postMention(owner, 'rung');
    await until(() => cues.includes('wake'), 5_000, 'wake cue');
    await until(() => run.mentions().some((m) => m.id === a));
    expect(run.mentions().slice(before).map((m) => m.id)).toEqual([a]);
    await feed.stop();
    await run.done;
    expect(run.states().at(-1)).toBe('stopped');
    expect(doorbellStates.at(-1)).toBe('stopped');
  });
});

describe('mention watcher backoff and callbacks', () => {
  it('backs off with full jitter, honours Retry-After, resets after a success', async () => {
    const script: Array<{ status: number; body: unknown; headers?: Record<string, string> }> = [
      { status: 500, body: { error: { code: 'internal', message: 'x', hint: 'y' } } },
      { status: 500, body: { error: { code: 'internal', message: 'x', hint: 'y' } } },
      { status: 429, body: { error: { code: 'rate_limited', message: 'slow down', hint: 'wait' } }, headers: { 'retry-after': '7' } },
      { status: 200, body: { mentions: [mentionRow('A', '2026-05-01T10:00:00.000001Z')] } },
      { status: 500, body: { error: { code: 'internal', message: 'x', hint: 'y' } } },
    ];
    const server = track(
      await startFakeServer(({ res }) => {
        const next = script.shift();
        if (!next) return; // then hold: idle long-poll
        if (res.writableEnded) return;
        res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
        res.end(JSON.stringify(next.body));
      }),
    );
    const slept: number[] = [];
    const clock = { now: () => Date.now(), sleep: async (ms: number) => void slept.push(ms) };
    const client = track(clientFor(server.url, 'hpt_x', { retry: { maxAttempts: 1 } }));
    const w = new MentionWatcher({
      client,
      cursorStore: new MemoryCursorStore(),
      clock,
      random: { next: () => 0.5, uuid: () => 'u' },
      backoff: { baseMs: 1000, maxMs: 3000 },
    });
    const run = consume(w);
    await until(() => run.mentions().length === 1 && server.requests.length === 6, 5_000, 'script played');
    const errors = run.events.flatMap((e) => (e.type === 'error' ? [[e.attempt, e.retryInMs]] : []));
    // 0.5 x min(3000, 1000 x 2^(n-1)): 500, 1000; Retry-After 7 s wins over 1000; after a success the count starts over.
    expect(errors).toEqual([
      [1, 500],
      [2, 1000],
      [3, 7000],
      [1, 500],
    ]);
    expect(slept).toEqual([500, 1000, 7000, 500]);
  });

  it('run() awaits the handler before saving, and a failing handler does not block later mentions', async () => {
    const rows = [mentionRow('A', '2026-05-01T10:00:00.000001Z'), mentionRow('B', '2026-05-01T10:00:00.000002Z')];
    const server = track(
      await startFakeServer(({ query, res }) => {
        const since = query.get('since');
        const fresh = rows.filter((r) => since === null || r.created_at > since);
        if (fresh.length === 0 && query.get('wait_ms')) return;
        sendJson(res, 200, { mentions: [...fresh].reverse() });
      }),
    );
    const client = track(clientFor(server.url, 'hpt_x', { retry: { maxAttempts: 1 } }));
    const store = new MemoryCursorStore();
    const w = new MentionWatcher({ client, cursorStore: store });
    const handled: string[] = [];
    const errors: unknown[] = [];
    const states: string[] = [];
    const done = w.run({
      onMention: async (row) => {
        await new Promise((r) => setTimeout(r, 20));
        expect(store.saved).not.toContain(row.created_at);
        handled.push(row.id);
        if (row.id === 'A') throw new Error('handler broke');
      },
      onError: (e) => errors.push(e),
      onStatus: (s) => states.push(s),
    });
    await until(() => handled.length === 2);
    await until(() => store.saved.length === 2);
    w.stop();
    await done;
    expect(handled).toEqual(['A', 'B']);
    expect(errors).toHaveLength(1);
    expect(store.saved).toEqual(rows.map((r) => r.created_at));
    expect(states).toEqual(['connecting', 'live', 'stopped']);
  });
});

describe('mention watcher guards', () => {
  it('does not spin when the service keeps saying hasMore without anything new', async () => {
    const row = mentionRow('A', '2026-05-01T10:00:00.000001Z');
    const server = track(await startFakeServer(({ res }) => sendJson(res, 200, { mentions: [row], hasMore: true })));
    const client = track(clientFor(server.url, 'hpt_x', { retry: { maxAttempts: 1 } }));
    const run = consume(watcher(client, { startAt: '2026-05-01T00:00:00.000000Z', minEmptyPollIntervalMs: 200 }));
    await new Promise((r) => setTimeout(r, 500));
    expect(run.mentions().map((m) => m.id)).toEqual(['A']);
    // catch-up, one drain, then long-polls at most every 200 ms; each answer that says hasMore is
    // checked with one probe for which rows it holds (shared/resources/me.ts), so two requests each.
    expect(server.requests.length).toBeLessThanOrEqual(12);
  });
});

describe('retry now', () => {
  it('retryNow() ends the wait between failed polls at once (the backoff can reach a minute)', async () => {
    let failing = true;
    const server = track(
      await startFakeServer(({ res }) => (failing ? sendJson(res, 503, { error: { code: 'internal', message: 'down', hint: 'wait' } }) : sendJson(res, 200, { mentions: [] }))),
    );
    const client = track(clientFor(server.url, 'hpt_x', { retry: { maxAttempts: 1 } }));
    // random 0.99: the first wait is ~30 s (base 30 s, full jitter), far beyond this test.
    const w = watcher(client, { startAt: '2026-05-01T00:00:00.000000Z', backoff: { baseMs: 30_000, maxMs: 60_000 }, random: { next: () => 0.99, uuid: () => 'u' } });
    const run = consume(w);
    const deadline = Date.now() + 5_000;
    while (server.requests.length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 100));
    expect(server.requests).toHaveLength(1);
    failing = false;
    const askedAt = Date.now();
    w.retryNow();
    while (server.requests.length < 2 && Date.now() < askedAt + 5_000) await new Promise((r) => setTimeout(r, 10));
    expect(server.requests.length).toBeGreaterThanOrEqual(2);
    expect(Date.now() - askedAt).toBeLessThan(2_000);
    void run;
  });
});
