import { afterEach, describe, expect, it } from 'vitest';
import { MemoryCursorStore, type CursorStore } from '../../../shared/config/cursor-store';
import type { RunEventsPage, RunEventsQuery } from '../../../shared/contract';
import type { CallOptions } from '../../../shared/http/types';
import { readRunEvents, type RunEventSource, type RunReaderEvent } from '../../../shared/run-events/reader';
import { startEmulator } from '../../support/emulator';
import { clientFor, MARIA_TOKEN } from '../support/clients';

const STOPPED_RUN = 'b0000000-0000-4000-8000-000000000001';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** The real client against the local service; `reshape` lets a test play a misbehaving service. */
async function source(reshape?: (page: RunEventsPage, q: RunEventsQuery | undefined) => RunEventsPage): Promise<RunEventSource & { asked: Array<number | undefined> }> {
  const emu = await startEmulator();
  const client = clientFor(emu.url, MARIA_TOKEN, { retry: { maxAttempts: 1 } });
  cleanups.push(() => emu.stop(), () => client.close());
  const asked: Array<number | undefined> = [];
  return {
    asked,
    async runEvents(runId: string, q?: RunEventsQuery, opts?: CallOptions) {
      asked.push(q?.after);
      const page = await client.runEvents(runId, q, opts);
      return reshape ? reshape(page, q) : page;
    },
  };
}

async function collect(gen: AsyncGenerator<RunReaderEvent>): Promise<RunReaderEvent[]> {
  const out: RunReaderEvent[] = [];
  for await (const e of gen) out.push(e);
  return out;
}
const seqs = (out: RunReaderEvent[]): number[] => out.flatMap((e) => (e.type === 'event' ? [e.event.seq] : []));

describe('run event reader: where it starts and what it remembers', () => {
  it('starts after a saved position and shows only what came after it', async () => {
    const client = await source();
    const store = new MemoryCursorStore<number>(5);
    const out = await collect(readRunEvents({ client, runId: STOPPED_RUN, store, after: 2 }));
    expect(seqs(out)).toEqual([6, 7, 8]);
    expect(client.asked[0]).toBe(5);
    expect(store.saved).toEqual([8]);
  });

  it('saves the position after every page it handled', async () => {
    // The service may send shorter pages than asked (the spec allows it): the positions are those
    // of the pages it did send.
    const pageEnds: number[] = [];
    const client = await source((page) => {
      const last = page.events.at(-1);
      if (last) pageEnds.push(last.seq);
      return page;
    });
    const store = new MemoryCursorStore<number>();
    const out = await collect(readRunEvents({ client, runId: STOPPED_RUN, store, limit: 3 }));
    expect(seqs(out)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(pageEnds.length).toBeGreaterThan(1);
    expect(store.saved).toEqual(pageEnds);
  });

  it.each([[-1], [1.5], ['4' as unknown as number]])('ignores an unusable saved position (%s) and starts from the given one', async (saved) => {
    const client = await source();
    const out = await collect(readRunEvents({ client, runId: STOPPED_RUN, store: new MemoryCursorStore<number>(saved), after: 6 }));
    expect(seqs(out)).toEqual([7, 8]);
  });

  it('starts from the beginning when the saved position cannot be read, and keeps reading when it cannot be saved', async () => {
    const client = await source();
    const warnings: string[] = [];
    const broken: CursorStore<number> = {
      load: async () => Promise.reject(new Error('disk gone')),
      save: async () => Promise.reject(new Error('disk full')),
    };
    const logger = { debug: () => undefined, info: () => undefined, error: () => undefined, warn: (m: string, f?: Record<string, unknown>) => void warnings.push(`${m} ${String(f?.error)}`) };
    const out = await collect(readRunEvents({ client, runId: STOPPED_RUN, store: broken, logger }));
    expect(seqs(out)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(out.at(-1)).toEqual({ type: 'end', reason: 'caught_up', after: 8 });
    expect(warnings).toEqual([
      'run event reader: could not load the saved position; starting from the beginning disk gone',
      'run event reader: could not save the position disk full',
    ]);
  });

  it('asks nothing and ends as aborted when the caller already gave up', async () => {
    const client = await source();
    const controller = new AbortController();
    controller.abort();
    const out = await collect(readRunEvents({ client, runId: STOPPED_RUN, after: 3, signal: controller.signal }));
    expect(out).toEqual([{ type: 'end', reason: 'aborted', after: 3 }]);
    expect(client.asked).toEqual([]);
  });
});

describe('run event reader: a service whose cursor misbehaves', () => {
  it('never shows an event twice when the service re-sends old events with a cursor that moves backwards', async () => {
    let first: RunEventsPage | undefined;
    const client = await source((page) => {
      // The answer after the first with events re-sends those events and points back at 0 (an
      // empty page before it, which the spec allows, passes through).
      if (!first) return page.events.length === 0 ? page : (first = page);
      return { ...page, events: first.events, nextAfter: 0, hasMore: false };
    });
    const store = new MemoryCursorStore<number>();
    const out = await collect(readRunEvents({ client, runId: STOPPED_RUN, store, limit: 4 }));
    // The first page may hold fewer than asked (the spec allows it); what it held is shown once.
    const firstSeqs = (first as RunEventsPage | undefined)?.events.map((e) => e.seq) ?? [];
    expect(firstSeqs.length).toBeGreaterThan(0);
    expect(seqs(out)).toEqual(firstSeqs);
    expect(out.at(-1)).toEqual({ type: 'end', reason: 'caught_up', after: firstSeqs.at(-1) });
    expect(store.saved).toEqual([firstSeqs.at(-1)]);
  });

  it('gives up, naming what it got, when the service keeps saying more follow but sends only old events', async () => {
    const client = await source((page, q) => ((q?.after ?? 0) >= 4 ? { events: page.events.slice(0, 0), nextAfter: q?.after ?? 0, hasMore: true } : page));
    const out = await collect(readRunEvents({ client, runId: STOPPED_RUN, limit: 4, poll: { minMs: 1 } }));
    expect(seqs(out)).toEqual([1, 2, 3, 4]);
    const end = out.at(-1);
    expect(end).toMatchObject({ type: 'end', reason: 'failed', after: 4 });
    expect(String((end as { error: Error }).error.message)).toMatch(/follow after 4, but sent none in 7 tries/);
    expect(client.asked.filter((a) => a === 4)).toHaveLength(7);
  });
});

describe('run event reader: following and failing', () => {
  it('checks a stopped run back at the slowest pace, since only a retry resumes it', async () => {
    const client = await source();
    const controller = new AbortController();
    const out: RunReaderEvent[] = [];
    for await (const e of readRunEvents({ client, runId: STOPPED_RUN, follow: true, signal: controller.signal, poll: { minMs: 1, maxMs: 30 } })) {
      out.push(e);
      if (e.type === 'caught_up') controller.abort();
    }
    expect(out.find((e) => e.type === 'caught_up')).toEqual({ type: 'caught_up', after: 8, nextPollInMs: 30 });
    expect(out.at(-1)).toEqual({ type: 'end', reason: 'aborted', after: 8 });
  });

  it('gives up after the allowed failures in a row, reporting each retry and the last error', async () => {
    const client: RunEventSource = { runEvents: async () => Promise.reject(new Error('connection reset')) };
    const out = await collect(readRunEvents({ client, runId: STOPPED_RUN, after: 2, backoff: { baseMs: 1, maxMs: 2, maxAttempts: 3 } }));
    expect(out.map((e) => (e.type === 'error' ? `error ${e.attempt}` : e.type))).toEqual(['error 1', 'error 2', 'end']);
    expect(out.at(-1)).toMatchObject({ type: 'end', reason: 'failed', after: 2, error: { message: 'connection reset' } });
  });

  it('ends as aborted, not failed, when the caller aborts during a retry wait', async () => {
    const controller = new AbortController();
    const client: RunEventSource = {
      runEvents: async () => {
        setTimeout(() => controller.abort(), 5);
        return Promise.reject(new Error('connection reset'));
      },
    };
    const out = await collect(readRunEvents({ client, runId: STOPPED_RUN, signal: controller.signal, backoff: { baseMs: 10_000, maxMs: 10_000 } }));
    expect(out.map((e) => e.type)).toEqual(['error', 'end']);
    expect(out.at(-1)).toEqual({ type: 'end', reason: 'aborted', after: 0 });
  });
});
