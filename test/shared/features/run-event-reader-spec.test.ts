// The run-event reader's promises beyond reading a ledger: how it retries by default, that a caller's
// abort ends it at once (even mid-request), how it paces a run that stopped and resumed, what it
// says when the service keeps promising events it never sends, and where a saved position of 0 leads.
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryCursorStore } from '../../../shared/config/cursor-store';
import type { RunEvent, RunEventsPage } from '../../../shared/contract';
import { ApiError } from '../../../shared/errors';
import { readRunEvents, type RunEventSource, type RunReaderEvent } from '../../../shared/run-events/reader';
import { startEmulator } from '../../support/emulator';
import { clientFor, MARIA_TOKEN } from '../support/clients';

const STOPPED_RUN = 'b0000000-0000-4000-8000-000000000001';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function collect(gen: AsyncGenerator<RunReaderEvent>): Promise<RunReaderEvent[]> {
  const out: RunReaderEvent[] = [];
  for await (const e of gen) out.push(e);
  return out;
}
const seqs = (out: RunReaderEvent[]): number[] => out.flatMap((e) => (e.type === 'event' ? [e.event.seq] : []));

function event(seq: number, name: string): RunEvent {
  return { seq, name, version: 1, runtime: 'r', lane: 'main', at: '2026-05-01T10:00:00.000000Z', known: true, redaction: null, payload: {} };
}

/** Pages in order; after the last, the last again. */
function pages(...list: RunEventsPage[]): RunEventSource & { asked: number[] } {
  const asked: number[] = [];
  return {
    asked,
    runEvents: async (_runId, q) => {
      asked.push(q?.after ?? 0);
      return list.length > 1 ? list.shift()! : list[0]!;
    },
  };
}

/** Time that moves only when the reader sleeps; every sleep is recorded. */
function manualClock() {
  const clock = {
    t: 0,
    slept: [] as number[],
    now: () => clock.t,
    sleep: async (ms: number, signal?: AbortSignal) => {
      clock.slept.push(ms);
      clock.t += ms;
      if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    },
  };
  return clock;
}

function recordingLogger() {
  const warnings: string[] = [];
  const fields: Array<Record<string, unknown> | undefined> = [];
  const warn = (m: string, f?: Record<string, unknown>) => void (warnings.push(m), fields.push(f));
  return { warnings, fields, logger: { debug: () => undefined, info: () => undefined, error: () => undefined, warn } };
}

const serverError = () => new ApiError({ code: 'internal_error', status: 500, message: 'down', hint: 'retry', path: '/runs/x/events' });

describe('run event reader: retrying and giving up', () => {
  it('by default waits up to about a second, doubling to half a minute, and gives up after the eighth failure in a row', async () => {
    const client: RunEventSource = { runEvents: () => Promise.reject(serverError()) };
    const clock = manualClock();
    const out = await collect(readRunEvents({ client, runId: STOPPED_RUN, clock, random: { next: () => 0.999, uuid: () => 'u' } }));
    const waits = out.flatMap((e) => (e.type === 'error' ? [e.retryInMs] : []));
    expect(waits).toHaveLength(7);
    expect(waits.slice(0, 2).map((w) => Math.round(w / 100))).toEqual([10, 20]);
    expect(Math.max(...waits)).toBeGreaterThan(29_000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(30_000);
    expect(out.at(-1)).toMatchObject({ type: 'end', reason: 'failed' });
  });
});

describe('run event reader: the caller gives up', () => {
  it('ends as aborted at once when the caller aborts while the service is still answering', async () => {
    const emu = await startEmulator();
    const client = clientFor(emu.url, MARIA_TOKEN, { retry: { maxAttempts: 1 } });
    cleanups.push(() => emu.stop(), () => client.close());
    await emu.control.faults({ delayMs: 30_000, pathPattern: '/api/v1/runs/*/events' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const startedAt = Date.now();
    const out = await collect(readRunEvents({ client, runId: STOPPED_RUN, after: 2, signal: controller.signal }));
    expect(out).toEqual([{ type: 'end', reason: 'aborted', after: 2 }]);
    expect(Date.now() - startedAt).toBeLessThan(10_000);
  }, 20_000);

  it('ends as aborted, with no retry reported, when the request fails after the caller gave up', async () => {
    const controller = new AbortController();
    const client: RunEventSource = {
      runEvents: async () => {
        controller.abort();
        return Promise.reject(new Error('connection reset'));
      },
    };
    const out = await collect(readRunEvents({ client, runId: STOPPED_RUN, after: 1, signal: controller.signal }));
    expect(out).toEqual([{ type: 'end', reason: 'aborted', after: 1 }]);
  });

  it('ends as aborted when the caller aborts during the wait between polls of a followed run', async () => {
    const controller = new AbortController();
    const client = pages({ events: [event(1, 'run.started')], nextAfter: 1, hasMore: false });
    const clock = manualClock();
    const out: RunReaderEvent[] = [];
    for await (const e of readRunEvents({ client, runId: STOPPED_RUN, follow: true, clock, signal: controller.signal })) {
      out.push(e);
      if (e.type === 'caught_up') controller.abort();
    }
    expect(out.map((e) => e.type)).toEqual(['event', 'caught_up', 'end']);
    expect(out.at(-1)).toEqual({ type: 'end', reason: 'aborted', after: 1 });
    expect(client.asked).toEqual([0]);
  });
});

describe('run event reader: pacing a followed run', () => {
  it('polls at the quick pace again once a stopped run resumed', async () => {
    const client = pages({ events: [event(1, 'run.stopped'), event(2, 'run.resumed')], nextAfter: 2, hasMore: false });
    const out: RunReaderEvent[] = [];
    const controller = new AbortController();
    for await (const e of readRunEvents({ client, runId: STOPPED_RUN, follow: true, clock: manualClock(), signal: controller.signal, poll: { minMs: 10, maxMs: 1_000 } })) {
      out.push(e);
      if (e.type === 'caught_up') controller.abort();
    }
    expect(out.find((e) => e.type === 'caught_up')).toEqual({ type: 'caught_up', after: 2, nextPollInMs: 10 });
  });

  it('while a run is quiet, polls more and more slowly, from a second to fifteen by default', async () => {
    const client = pages({ events: [], nextAfter: 0, hasMore: false });
    const controller = new AbortController();
    const paces: number[] = [];
    for await (const e of readRunEvents({ client, runId: STOPPED_RUN, follow: true, clock: manualClock(), signal: controller.signal })) {
      if (e.type === 'caught_up') paces.push(e.nextPollInMs ?? -1);
      if (paces.length === 6) controller.abort();
    }
    expect(paces).toEqual([2_000, 4_000, 8_000, 15_000, 15_000, 15_000]);
  });

  it('asks again quickly after a page that says more follow but holds nothing new, never slower than the poll pace', async () => {
    const stall = { events: [], nextAfter: 4, hasMore: true };
    const client = pages({ events: [event(4, 'run.started')], nextAfter: 4, hasMore: true }, stall);
    const clock = manualClock();
    await collect(readRunEvents({ client, runId: STOPPED_RUN, after: 3, clock, poll: { minMs: 200 } }));
    expect(clock.slept).toEqual([50, 100, 200, 200, 200, 200]);
  });
});

describe('run event reader: a service that keeps promising events', () => {
  it('counts the old events it was sent instead, in its message, and logs that it gave up', async () => {
    const old = { events: [event(3, 'run.started'), event(4, 'run.step')], nextAfter: 4, hasMore: true };
    const client = pages({ events: [event(4, 'run.step')], nextAfter: 4, hasMore: true }, old);
    const { warnings, fields, logger } = recordingLogger();
    const out = await collect(readRunEvents({ client, runId: STOPPED_RUN, after: 3, clock: manualClock(), logger }));
    const end = out.at(-1) as Extract<RunReaderEvent, { type: 'end' }>;
    expect(end).toMatchObject({ reason: 'failed', after: 4 });
    const error = end.error as ApiError;
    expect(error.message).toMatch(/after 4, but sent only 14 events at or before 4 \(already read, not shown again\) in 7 tries\.$/);
    expect(error.code).toBe('unexpected_response');
    expect(error.hint).toMatch(/^Try again in a moment/);
    expect(error.path).toBe('/api/v1/runs/{id}/events');
    expect(warnings).toEqual(['run event reader: the service keeps saying more events follow but sends none']);
    expect(fields).toEqual([{ after: 4 }]);
  });

  it('says "event" for a single old one', async () => {
    const client = pages(
      { events: [event(4, 'run.step')], nextAfter: 4, hasMore: true },
      { events: [event(4, 'run.step')], nextAfter: 4, hasMore: true },
      { events: [], nextAfter: 4, hasMore: true },
    );
    const out = await collect(readRunEvents({ client, runId: STOPPED_RUN, after: 3, clock: manualClock() }));
    const end = out.at(-1) as Extract<RunReaderEvent, { type: 'end' }>;
    expect((end.error as Error).message).toMatch(/sent only 1 event at or before 4 \(/);
  });

  it('when following, keeps polling at the poll pace instead of giving up', async () => {
    const client = pages({ events: [event(4, 'run.step')], nextAfter: 4, hasMore: true }, { events: [], nextAfter: 4, hasMore: true });
    const controller = new AbortController();
    const out: RunReaderEvent[] = [];
    for await (const e of readRunEvents({ client, runId: STOPPED_RUN, after: 3, follow: true, clock: manualClock(), signal: controller.signal })) {
      out.push(e);
      if (e.type === 'caught_up') controller.abort();
    }
    expect(out.map((e) => e.type)).toEqual(['event', 'caught_up', 'end']);
    expect(out.at(-1)).toMatchObject({ reason: 'aborted', after: 4 });
  });
});

describe('run event reader: a service whose cursor lags behind its events', () => {
  it('shows each event once and reads on from the last one shown', async () => {
    const emu = await startEmulator();
    const real = clientFor(emu.url, MARIA_TOKEN, { retry: { maxAttempts: 1 } });
    cleanups.push(() => emu.stop(), () => real.close());
    const asked: number[] = [];
    // The cursor it sends back is the one it was asked with, whatever events it sent.
    const client: RunEventSource = {
      runEvents: async (runId, q, opts) => {
        asked.push(q?.after ?? 0);
        return { ...(await real.runEvents(runId, q, opts)), nextAfter: q?.after ?? 0 };
      },
    };
    const store = new MemoryCursorStore<number>();
    const out = await collect(readRunEvents({ client, runId: STOPPED_RUN, limit: 4, store, clock: manualClock() }));
    expect(seqs(out)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // It asks on from the last event shown (4 after the first page), never back from the lagging
    // cursor; a service may send an empty page first (the spec's latitude), so asks may repeat.
    expect(asked).toContain(4);
    expect(asked).toEqual([...asked].sort((a, b) => a - b));
    expect(store.saved.at(-1)).toBe(8);
  });
});

describe('run event reader: a service whose cursor runs ahead of its events', () => {
  it('takes the cursor as passed: events at or before it that come later are not shown', async () => {
    // The cursor says 5 after events 1 and 2 (3 to 5 withheld); the next page, asked after 5, still
    // carries 3 to 5 beside 6. Only 6 is new to the reader.
    const client = pages(
      { events: [event(1, 'run.started'), event(2, 'run.step')], nextAfter: 5, hasMore: true },
      { events: [event(3, 'run.step'), event(4, 'run.step'), event(5, 'run.step'), event(6, 'run.step')], nextAfter: 6, hasMore: false },
    );
    const out = await collect(readRunEvents({ client, runId: STOPPED_RUN, clock: manualClock() }));
    expect(seqs(out)).toEqual([1, 2, 6]);
    expect(client.asked).toEqual([0, 5]);
  });
});

describe('run event reader: where it starts', () => {
  it('a saved position of 0 (nothing read yet) wins over the given one', async () => {
    const client = pages({ events: [event(1, 'run.started')], nextAfter: 1, hasMore: false });
    const out = await collect(readRunEvents({ client, runId: STOPPED_RUN, after: 6, store: new MemoryCursorStore<number>(0) }));
    expect(client.asked).toEqual([0]);
    expect(seqs(out)).toEqual([1]);
  });

  it('without a store it neither loads nor saves anything, and warns of nothing', async () => {
    const client = pages({ events: [event(1, 'run.started')], nextAfter: 1, hasMore: false });
    const { warnings, logger } = recordingLogger();
    const out = await collect(readRunEvents({ client, runId: STOPPED_RUN, logger }));
    expect(out.slice(-2)).toEqual([
      { type: 'caught_up', after: 1 },
      { type: 'end', reason: 'caught_up', after: 1 },
    ]);
    expect(warnings).toEqual([]);
  });
});
