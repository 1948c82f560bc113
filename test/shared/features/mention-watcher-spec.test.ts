// The mention watcher's promises beyond the happy path: where it starts when the saved cursor is
// unreadable, how long it holds a poll, what it says about rows it could not receive, that it
// stops when asked (even mid-handling), how soon it retries, and that it never polls in a storm.
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryCursorStore, type CursorStore } from '../../../shared/config/cursor-store';
import type { MentionRow, MentionsQuery, MentionsResponse } from '../../../shared/contract';
import { ApiError } from '../../../shared/errors';
import type { CallOptions } from '../../../shared/http/types';
import { MentionWatcher, oldestFirst, type MentionSource, type MentionWatcherOptions, type WatcherEvent } from '../../../shared/live/mention-watcher';
import { startEmulator } from '../../support/emulator';
import { clientFor, GENERAL_CHANNEL, MARIA_TOKEN, mentionRow, OWNER_TOKEN, until } from '../support/clients';

const BEFORE_EVERYTHING = '2026-01-01T00:00:00.000000Z';
const T = (n: number) => `2026-05-01T10:00:0${n}.000000Z`;

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

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
  const mentions = () => events.flatMap((e) => (e.type === 'mention' ? [e.row.id] : []));
  return { events, done, mentions };
}

/** The real client against the local service, recording what the watcher asked. */
async function localService() {
  const emu = await startEmulator();
  const maria = clientFor(emu.url, MARIA_TOKEN, { retry: { maxAttempts: 1 } });
  const owner = clientFor(emu.url, OWNER_TOKEN);
  cleanups.push(() => emu.stop(), () => maria.close(), () => owner.close());
  const asked: MentionsQuery[] = [];
  const source: MentionSource = {
    mentions: (q, opts) => {
      asked.push(q);
      return maria.mentions(q, opts);
    },
  };
  return { source, asked, owner, maria };
}

/** Answers the service never gives, in order; a held poll (undefined) waits until the watcher drops it. */
function scripted(answers: Array<MentionsResponse | Error | undefined>) {
  const asked: MentionsQuery[] = [];
  const source: MentionSource = {
    mentions: (q: MentionsQuery, opts?: CallOptions) => {
      asked.push(q);
      const next = answers.length > 0 ? answers.shift() : undefined;
      if (next instanceof Error) return Promise.reject(next);
      if (next !== undefined) return Promise.resolve(next);
      return new Promise<MentionsResponse>((_resolve, reject) => {
        opts?.signal?.addEventListener('abort', () => reject(new DOMException('dropped', 'AbortError')), { once: true });
      });
    },
  };
  return { source, asked };
}

/** Time that moves only when the watcher sleeps; every sleep is recorded. */
function manualClock() {
  const clock = {
    t: 1_000_000,
    slept: [] as number[],
    now: () => clock.t,
    sleep: async (ms: number, signal?: AbortSignal) => {
      clock.slept.push(ms);
      clock.t += ms;
      await new Promise((r) => setTimeout(r, 1));
      if (signal?.aborted) throw new DOMException('stopped', 'AbortError');
    },
  };
  return clock;
}

function recordingLogger() {
  const warnings: Array<[string, Record<string, unknown> | undefined]> = [];
  const logger = { debug: () => undefined, info: () => undefined, error: () => undefined, warn: (m: string, f?: Record<string, unknown>) => void warnings.push([m, f]) };
  return { warnings, logger };
}

const serverError = () => new ApiError({ code: 'internal_error', status: 500, message: 'down', hint: 'retry', path: '/me/mentions' });

function watcher(source: MentionSource, extra: Partial<MentionWatcherOptions> = {}) {
  return new MentionWatcher({ client: source, cursorStore: new MemoryCursorStore(), ...extra });
}

describe('mention watcher: where it starts and what it keeps', () => {
  it('streams its events once; a second stream is refused, saying to create a new watcher', async () => {
    const { source } = scripted([]);
    const w = watcher(source);
    consume(w);
    await expect(w.events().next()).rejects.toThrow(/create a new watcher/);
  });

  it('starts from the given point when the saved cursor cannot be read, and keeps showing mentions when it cannot be saved', async () => {
    const { source, asked, maria } = await localService();
    const expected = (await maria.mentions({ limit: 200 })).mentions.map((m) => m.id).reverse();
    const { warnings, logger } = recordingLogger();
    const broken: CursorStore<string> = { load: () => Promise.reject(new Error('disk gone')), save: () => Promise.reject(new Error('disk full')) };
    const run = consume(watcher(source, { cursorStore: broken, startAt: BEFORE_EVERYTHING, logger, waitMs: 200 }));
    await until(() => run.mentions().length === expected.length, 5_000, 'every mention');
    expect(run.mentions()).toEqual(expected);
    expect(asked[0]?.since).toBeDefined();
    expect(warnings).toContainEqual(['mention watcher: could not load the saved cursor; starting from the newest mentions', { error: 'disk gone' }]);
    expect(warnings).toContainEqual(['mention watcher: could not save the cursor', { error: 'disk full' }]);
  });

  it('with nothing saved and no starting point, asks for the newest mentions and shows each of them', async () => {
    const { source, asked, maria } = await localService();
    const expected = (await maria.mentions({})).mentions.map((m) => m.id).reverse();
    const store = new MemoryCursorStore<string>();
    const run = consume(watcher(source, { waitMs: 200, cursorStore: store }));
    await until(() => run.mentions().length === expected.length, 5_000, 'the newest mentions');
    expect(asked[0]?.since).toBeUndefined();
    expect(run.mentions()).toEqual(expected);
    // The newest one shown is remembered, and the next poll asks only for what came after it.
    const newest = (await maria.mentions({})).mentions[0]!.created_at;
    await until(() => store.saved.at(-1) === newest, 2_000, 'the cursor saved');
    await until(() => asked.length >= 2);
    expect(asked[1]?.since).toBe(newest);
  });

  it('holds a long-poll no longer than the service allows, and never for a negative time', async () => {
    for (const [waitMs, sent] of [
      [99_999, 25_000],
      [-5, 0],
    ] as const) {
      const { source, asked } = scripted([{ mentions: [] }]);
      const clock = manualClock();
      consume(watcher(source, { waitMs, clock }));
      await until(() => asked.length >= 2);
      expect(asked[0]?.wait_ms).toBeUndefined();
      expect(asked[1]?.wait_ms).toBe(sent);
    }
  });

  it('puts rows of equal time in the order the service wrote them, oldest first', () => {
    const newestFirst = [mentionRow('C', T(2)), mentionRow('B2', T(1)), mentionRow('B1', T(1)), mentionRow('A', T(0))];
    expect(oldestFirst(newestFirst).map((r) => r.id)).toEqual(['A', 'B1', 'B2', 'C']);
  });
});

describe('mention watcher: what it says about rows it could not get', () => {
  it('says that older mentions were not received when the service sent only the newest after the cursor', async () => {
    const { source, asked } = scripted([{ mentions: [mentionRow('B', T(2)), mentionRow('A', T(1))], truncated: true }]);
    const { warnings, logger } = recordingLogger();
    const run = consume(watcher(source, { startAt: T(0), catchUpOverlapMs: 0, logger }));
    await until(() => run.mentions().length === 2);
    expect(run.events.find((e) => e.type === 'gap')).toEqual({ type: 'gap', since: T(0), received: 2 });
    // The answer did not say more follow: the next ask is a long-poll, not a drain.
    await until(() => asked.length >= 2);
    expect(asked[1]?.wait_ms).toBe(25_000);
    expect(warnings).toContainEqual(['mention watcher: more mentions than the service sends at once; the oldest were not received', { since: T(0) }]);
  });

  it('says nothing of a gap when it had no cursor (the newest mentions are all it asked for)', async () => {
    const { source } = scripted([{ mentions: [mentionRow('A', T(1))], truncated: true }]);
    const run = consume(watcher(source));
    await until(() => run.mentions().length === 1);
    expect(run.events.some((e) => e.type === 'gap')).toBe(false);
  });

  it('reports once that the service says more follow but sends nothing new, and goes on long-polling', async () => {
    const stuck: MentionsResponse = { mentions: [mentionRow('A', T(1))], hasMore: true };
    const { source, asked } = scripted([stuck, stuck, stuck, stuck, stuck]);
    const clock = manualClock();
    const { warnings, logger } = recordingLogger();
    const run = consume(watcher(source, { startAt: T(0), catchUpOverlapMs: 0, clock, logger }));
    await until(() => asked.length >= 6);
    expect(warnings[0]).toEqual(['mention watcher: the service says more rows follow but sent none new; long-polling instead', { since: T(1) }]);
    const stalls = run.events.filter((e) => e.type === 'error');
    expect(stalls).toHaveLength(1);
    expect(stalls[0]).toMatchObject({ retryInMs: 0, attempt: 0, error: { code: 'unexpected_response' } });
    expect(run.mentions()).toEqual(['A']);
    // The first answer is drained (a row was new); after that, every ask is a long-poll.
    expect(asked.map((q) => q.wait_ms !== undefined)).toEqual([false, false, true, true, true, true]);
  });

  it('does not stall when a page brought only rows it had already handled and the cursor did not move (it drains on)', async () => {
    // A window that moved (since advanced) but held only known rows still pages on: hasMore speaks of what follows.
    const { source, asked } = scripted([
      { mentions: [mentionRow('A', T(1))], hasMore: true },
      { mentions: [mentionRow('B', T(2))], hasMore: false },
    ]);
    const clock = manualClock();
    const run = consume(watcher(source, { startAt: T(0), catchUpOverlapMs: 0, clock }));
    await until(() => run.mentions().length === 2 && asked.length >= 3);
    expect(run.events.some((e) => e.type === 'error')).toBe(false);
    expect(asked[1]).toMatchObject({ since: T(1) });
    expect(asked[1]?.wait_ms).toBeUndefined();
  });
});

describe('mention watcher: stopping, retrying, pacing', () => {
  it('stops at once when asked while a mention is being handled: no later mention is shown', async () => {
    const { source } = scripted([{ mentions: [mentionRow('C', T(3)), mentionRow('B', T(2)), mentionRow('A', T(1))] }]);
    const store = new MemoryCursorStore<string>();
    const w = watcher(source, { startAt: T(0), catchUpOverlapMs: 0, cursorStore: store });
    const run = consume(w, () => w.stop());
    await run.done;
    expect(run.mentions()).toEqual(['A']);
    expect(store.saved).toEqual([T(1)]);
    expect(run.events.at(-1)).toEqual({ type: 'status', state: 'stopped' });
    expect(run.events.some((e) => e.type === 'status' && e.state === 'live')).toBe(false);
  });

  it('retries a failed poll after a second or so by default, says when, and catches up from ten seconds before the cursor', async () => {
    const { source, asked } = scripted([serverError(), { mentions: [] }]);
    const clock = manualClock();
    const { warnings, logger } = recordingLogger();
    const run = consume(watcher(source, { startAt: '2026-05-01T10:00:30.000000Z', clock, logger, random: { next: () => 0.5, uuid: () => 'u' } }));
    await until(() => asked.length >= 3);
    expect(warnings).toEqual([['mention watcher: poll failed; retrying', { attempt: 1, retryInMs: 500, code: 'internal_error' }]]);
    expect(run.events.find((e) => e.type === 'error')).toMatchObject({ retryInMs: 500, attempt: 1 });
    expect(run.events.find((e) => e.type === 'status' && e.state === 'reconnecting')).toEqual({ type: 'status', state: 'reconnecting', detail: 'retrying in 0.5 s' });
    expect(clock.slept[0]).toBe(500);
    expect(asked.map((q) => q.since)).toEqual(['2026-05-01T10:00:20.000000Z', '2026-05-01T10:00:20.000000Z', '2026-05-01T10:00:30.000000Z']);
    expect(asked[1]?.wait_ms).toBeUndefined();
  });

  it('waits at most a minute between failed polls by default', async () => {
    const failures = Array.from({ length: 10 }, serverError);
    const { source, asked } = scripted(failures);
    const clock = manualClock();
    const run = consume(watcher(source, { clock, random: { next: () => 0.999, uuid: () => 'u' } }));
    await until(() => asked.length >= 10);
    const waits = run.events.flatMap((e) => (e.type === 'error' ? [e.retryInMs] : []));
    expect(Math.max(...waits)).toBeGreaterThan(59_000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(60_000);
  });

  it('a (re)subscribed doorbell ends the wait after a failed poll at once; a cue with no poll open is harmless', async () => {
    const { source, asked } = scripted([serverError()]);
    const w = watcher(source, { backoff: { baseMs: 60_000, maxMs: 60_000 }, random: { next: () => 0.99, uuid: () => 'u' } });
    w.cue('wake');
    const run = consume(w);
    await until(() => run.events.some((e) => e.type === 'status' && e.state === 'reconnecting'));
    w.cue('wake');
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toHaveLength(1);
    w.cue('subscribed');
    await until(() => asked.length >= 2, 2_000, 'a poll right after the doorbell subscribed');
  });

  it('spaces long-polls that come back empty at once a second apart by default', async () => {
    const empty: MentionsResponse = { mentions: [] };
    const { source: inner, asked } = scripted([empty, empty, empty, empty]);
    const clock = manualClock();
    // The second long-poll is held 300 ms before it comes back empty.
    const source: MentionSource = {
      mentions: (q, opts) => {
        if (asked.length === 2) clock.t += 300;
        return inner.mentions(q, opts);
      },
    };
    const run = consume(watcher(source, { clock }));
    await until(() => asked.length >= 4);
    expect(run.events.filter((e) => e.type === 'status' && e.state === 'live')).toHaveLength(1);
    // The catch-up is not paced; each empty long-poll waits out the rest of the second.
    expect(clock.slept.slice(0, 3)).toEqual([1_000, 700, 1_000]);
    expect(asked.slice(1).every((q) => q.wait_ms === 25_000)).toBe(true);
  });

  it('does not wait after a long-poll that was held its full time, nor after one that brought a mention', async () => {
    const clock = manualClock();
    let calls = 0;
    const held = scripted([]);
    const source: MentionSource = {
      mentions: async (q, opts) => {
        calls += 1;
        if (calls === 1) return { mentions: [] };
        if (calls === 2) {
          clock.t += 1_000;
          return { mentions: [] };
        }
        if (calls === 3) return { mentions: [mentionRow('A', T(1))] };
        return held.source.mentions(q, opts);
      },
    };
    const seen: MentionsQuery[] = [];
    const run = consume(watcher({ mentions: (q, opts) => (seen.push(q), source.mentions(q, opts)) }, { clock }));
    await until(() => run.mentions().length === 1 && calls >= 4);
    expect(clock.slept).toEqual([]);
    // A mention that did not say more follow is not drained: the next ask is a long-poll again.
    expect(seen[3]?.wait_ms).toBe(25_000);
  });
});

describe('mention watcher: more of what it promises', () => {
  it('never shows again a mention at or before the cursor an earlier run saved, though the catch-up asks from a little earlier', async () => {
    const { source, asked } = scripted([{ mentions: [mentionRow('new', T(6)), mentionRow('same time', T(5)), mentionRow('handled', T(4))] }]);
    const run = consume(watcher(source, { cursorStore: new MemoryCursorStore<string>(T(5)), catchUpOverlapMs: 2_000 }));
    await until(() => run.mentions().length === 1 && asked.length >= 2);
    expect(asked[0]?.since).toBe(T(3));
    expect(run.mentions()).toEqual(['new']);
  });

  it('remembers a time shared by several mentions once', async () => {
    const { source, asked } = scripted([{ mentions: [mentionRow('B', T(1)), mentionRow('A', T(1))] }]);
    const store = new MemoryCursorStore<string>();
    const run = consume(watcher(source, { startAt: T(0), catchUpOverlapMs: 0, cursorStore: store }));
    await until(() => run.mentions().length === 2 && asked.length >= 2);
    expect(store.saved).toEqual([T(1)]);
  });

  it('after a reconnect, drains on when the catch-up window held only mentions already shown but more follow', async () => {
    const { source, asked } = scripted([
      { mentions: [mentionRow('A', T(1))] },
      serverError(),
      { mentions: [mentionRow('A', T(1))], hasMore: true },
      { mentions: [mentionRow('B', T(2))] },
    ]);
    const run = consume(watcher(source, { startAt: T(0), catchUpOverlapMs: 1_000, clock: manualClock() }));
    await until(() => run.mentions().length === 2 && asked.length >= 5);
    expect(run.mentions()).toEqual(['A', 'B']);
    expect(asked[3]).toMatchObject({ since: T(1) });
    expect(asked[3]?.wait_ms).toBeUndefined();
    expect(run.events.filter((e) => e.type === 'error')).toHaveLength(1);
  });

  it('without a cursor, "more follow" speaks of older mentions: it neither drains nor calls the service stuck', async () => {
    const { source, asked } = scripted([{ mentions: [mentionRow('A', T(1))], hasMore: true }]);
    const run = consume(watcher(source, { clock: manualClock() }));
    await until(() => run.mentions().length === 1 && asked.length >= 2);
    expect(asked[1]?.wait_ms).toBe(25_000);
    expect(run.events.some((e) => e.type === 'error')).toBe(false);
  });

  it('stop() during the wait after a failed poll ends the stream at once', async () => {
    const { source } = scripted([serverError()]);
    const w = watcher(source, { backoff: { baseMs: 60_000, maxMs: 60_000 }, random: { next: () => 0.99, uuid: () => 'u' } });
    const run = consume(w);
    await until(() => run.events.some((e) => e.type === 'status' && e.state === 'reconnecting'));
    await new Promise((r) => setTimeout(r, 20));
    const stoppedAt = Date.now();
    w.stop();
    await run.done;
    expect(Date.now() - stoppedAt).toBeLessThan(2_000);
    expect(run.events.at(-1)).toEqual({ type: 'status', state: 'stopped' });
  });

  it('retry now with no wait in progress does nothing', () => {
    const w = watcher(scripted([]).source);
    expect(() => w.retryNow()).not.toThrow();
  });

  it('by default a cue leaves a long-poll younger than a second alone, and drops an older one', async () => {
    const { source, asked } = scripted([{ mentions: [] }]);
    const clock = manualClock();
    const w = watcher(source, { clock });
    consume(w);
    await until(() => asked.length >= 2);
    clock.t += 999;
    w.cue('wake');
    await new Promise((r) => setTimeout(r, 30));
    expect(asked).toHaveLength(2);
    clock.t += 1;
    w.cue('wake');
    await until(() => asked.length >= 3, 2_000, 'the poll after the cue');
    expect(asked[2]?.wait_ms).toBe(25_000);
  });
});

describe('mention watcher: run() with callbacks', () => {
  it('needs only onMention: a failed poll, a failing handler and a rejected token go by without other callbacks', async () => {
    const { source } = scripted([{ mentions: [mentionRow('A', T(1))] }, serverError(), new ApiError({ code: 'unauthorized', status: 401, message: 'no', hint: 'login', path: '/me/mentions' })]);
    const errors: string[] = [];
    const logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: (m: string, f?: Record<string, unknown>) => void errors.push(`${m} ${JSON.stringify(f)}`) };
    const w = watcher(source, { startAt: T(0), catchUpOverlapMs: 0, clock: manualClock(), logger });
    const handled: string[] = [];
    await w.run({
      onMention: (row) => {
        handled.push(row.id);
        throw new Error('handler broke');
      },
    });
    expect(handled).toEqual(['A']);
    expect(errors).toEqual(['mention watcher: the mention handler failed; the mention counts as handled {"id":"A"}']);
  });

  it('tells each callback its own events', async () => {
    const unauthorized = new ApiError({ code: 'unauthorized', status: 401, message: 'no', hint: 'login', path: '/me/mentions' });
    const { source } = scripted([{ mentions: [] }, serverError(), unauthorized]);
    const told: string[] = [];
    await watcher(source, { clock: manualClock(), random: { next: () => 0.5, uuid: () => 'u' } }).run({
      onMention: () => undefined,
      onStatus: (state) => told.push(`status ${state}`),
      onError: (_e, retryInMs) => told.push(`error ${retryInMs}`),
      onUnauthorized: (e) => told.push(`unauthorized ${(e as ApiError).status}`),
    });
    expect(told).toEqual(['status connecting', 'status live', 'error 500', 'status reconnecting', 'unauthorized 401', 'status stopped']);
  });
});

describe('mention watcher: a mention posted while it watches the local service', () => {
  it('is shown once, after the catch-up, from a long-poll', async () => {
    const { source, asked, owner } = await localService();
    const run = consume(watcher(source, { waitMs: 2_000 }));
    await until(() => run.events.some((e) => e.type === 'status' && e.state === 'live'));
    const before = run.mentions().length;
    const posted = await owner.postMessage(GENERAL_CHANNEL, { body: '@maria spec mention' });
    await until(() => run.mentions().includes(posted.id), 5_000, 'the new mention');
    expect(run.mentions().slice(before)).toEqual([posted.id]);
    expect(asked.some((q) => q.wait_ms === 2_000)).toBe(true);
  });
});
