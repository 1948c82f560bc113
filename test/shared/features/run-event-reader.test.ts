import { TWIN_ONLY } from '../../support/variant';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryCursorStore } from '../../../shared/config/cursor-store';
import type { RunEvent, RunEventsPage, RunEventsQuery } from '../../../shared/contract';
import type { CallOptions } from '../../../shared/http/types';
import { readRunEvents, type RunEventSource, type RunReaderEvent } from '../../../shared/run-events/reader';
import { describeRunEvent } from '../../../shared/run-events/describe-run-event';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { clientFor, MARIA_TOKEN } from '../support/clients';

const STOPPED_RUN = 'b0000000-0000-4000-8000-000000000001';
const RUNNING_RUN = 'b0000000-0000-4000-8000-000000000003';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function setup(): Promise<{ emu: TestEmulator; source: RunEventSource & { pages: RunEventsPage[] } }> {
  const emu = await startEmulator();
  const client = clientFor(emu.url, MARIA_TOKEN, { retry: { maxAttempts: 1 } });
  cleanups.push(() => emu.stop(), () => client.close());
  const pages: RunEventsPage[] = [];
  return {
    emu,
    source: {
      pages,
      async runEvents(runId: string, q?: RunEventsQuery, opts?: CallOptions) {
        const page = await client.runEvents(runId, q, opts);
        pages.push(page);
        return page;
      },
    },
  };
}

async function collect(gen: AsyncGenerator<RunReaderEvent>, onEvent?: (e: RunReaderEvent) => void): Promise<RunReaderEvent[]> {
  const out: RunReaderEvent[] = [];
  for await (const e of gen) {
    out.push(e);
    onEvent?.(e);
  }
  return out;
}
const eventsOf = (out: RunReaderEvent[]): RunEvent[] => out.flatMap((e) => (e.type === 'event' ? [e.event] : []));

describe('run event reader against the local service', () => {
  it('reads the whole ledger, keeping unknown events and withheld payloads visible as such', async () => {
    const { source } = await setup();
    const out = await collect(readRunEvents({ client: source, runId: STOPPED_RUN }));
    const events = eventsOf(out);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(out.at(-1)).toEqual({ type: 'end', reason: 'caught_up', after: 8 });
    const views = events.map(describeRunEvent);
    expect(views.map((v) => v.kind)).toEqual(['run', 'tool', 'tool', 'unknown', 'unknown', 'file', 'withheld', 'run']);
    expect(views[3]?.title).toBe('future.hologram (v1)');
    expect(views[4]?.title).toBe('note (v7)');
    expect(views[6]?.detail).toMatch(/128 KiB/);
    expect(events[6]?.payload).toEqual({ withheld: 'replay_transport_budget' });
  });

  // Counts exact page sizes and positions of the default reading; the latitude variant's short
  // pages change them (test/shared/client/latitude.test.ts covers the client there).
  it.skipIf(TWIN_ONLY)('keeps paging across short pages cut by the 128 KiB budget and persists nextAfter', async () => {
    const { emu, source } = await setup();
    const big = 'y'.repeat(40 * 1024);
    await emu.control.appendRunEvents(RUNNING_RUN, Array.from({ length: 10 }, (_, i) => ({ name: 'note', payload: { text: `${i}:${big}` } })));
    const store = new MemoryCursorStore<number>();
    const out = await collect(readRunEvents({ client: source, runId: RUNNING_RUN, store }));
    const events = eventsOf(out);
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
    expect(events.every((e) => e.redaction === null)).toBe(true);
    // Pages were cut short (well under the 100-event default) and still followed while hasMore.
    expect(source.pages.length).toBeGreaterThanOrEqual(4);
    expect(source.pages.slice(0, -1).every((p) => p.hasMore && p.events.length < 100)).toBe(true);
    expect(store.saved).toEqual(source.pages.map((p) => p.nextAfter));
    expect(await store.load()).toBe(11);

    // A new reader with the same store resumes after the saved position.
    await emu.control.appendRunEvents(RUNNING_RUN, [{ name: 'note', payload: { text: 'later' } }]);
    const again = eventsOf(await collect(readRunEvents({ client: source, runId: RUNNING_RUN, store })));
    expect(again.map((e) => e.seq)).toEqual([12]);
  });

  it('follows an active run until run.settled arrives', async () => {
    const { emu, source } = await setup();
    const seen: number[] = [];
    let appended = false;
    const out = await collect(readRunEvents({ client: source, runId: RUNNING_RUN, follow: true, poll: { minMs: 10, maxMs: 40 } }), (e) => {
      if (e.type === 'event') seen.push(e.event.seq);
      if (e.type === 'caught_up' && !appended) {
        appended = true;
        void emu.control
          .appendRunEvents(RUNNING_RUN, [
            { name: 'tool.call', payload: { tool: 'grep', call_id: 'x' } },
            { name: 'run.settled', payload: { status: 'succeeded', summary: 'done' } },
          ])
          .catch(() => undefined);
      }
    });
    expect(seen).toEqual([1, 2, 3]);
    expect(out.at(-1)).toEqual({ type: 'end', reason: 'settled', after: 3 });
    expect(describeRunEvent(eventsOf(out)[2] as RunEvent)).toMatchObject({ kind: 'run', title: 'Run succeeded', detail: 'done' });
  });

  // Counts exact page sizes and positions of the default reading; the latitude variant's short
  // pages change them (test/shared/client/latitude.test.ts covers the client there).
  it.skipIf(TWIN_ONLY)('ends when the caller aborts a follow', async () => {
    const { source } = await setup();
    const controller = new AbortController();
    const out = await collect(readRunEvents({ client: source, runId: RUNNING_RUN, follow: true, signal: controller.signal, poll: { minMs: 10, maxMs: 20 } }), (e) => {
      if (e.type === 'caught_up' && source.pages.length >= 3) controller.abort();
    });
    expect(out.at(-1)).toMatchObject({ type: 'end', reason: 'aborted', after: 1 });
    // Quiet polls slow down: 10, 20, 20 ms.
    expect(out.filter((e) => e.type === 'caught_up').map((e) => (e.type === 'caught_up' ? e.nextPollInMs : 0))).toEqual([10, 20, 20]);
  });

  it('retries server errors with backoff and gives up on errors no retry can fix', async () => {
    const { emu, source } = await setup();
    await emu.control.faults({ fail500: 2, pathPattern: '*/runs/*' });
    const out = await collect(readRunEvents({ client: source, runId: STOPPED_RUN, backoff: { baseMs: 5, maxMs: 10 } }));
    expect(out.filter((e) => e.type === 'error')).toHaveLength(2);
    expect(eventsOf(out)).toHaveLength(8);

    const missing = await collect(readRunEvents({ client: source, runId: 'no-such-run', follow: true }));
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatchObject({ type: 'end', reason: 'failed', after: 0, error: { code: 'not_found' } });
  });
});

describe('describeRunEvent', () => {
  const base = { seq: 1, version: 1, runtime: 'claude', lane: 'main', at: '2026-01-01T00:00:00.000000Z', known: true, redaction: null } as const;
  it.each([
    ['tool.call', { tool: 'grep', call_id: 'c', input_summary: 'rank' }, 'tool', 'Tool grep', 'rank'],
    ['tool.result', { call_id: 'c', ok: false, output_summary: 'boom', duration_ms: 5 }, 'tool', 'Tool failed', 'boom · 5 ms'],
    ['file.changed', { path: 'a.ts', change: 'added', additions: 3 }, 'file', 'added a.ts', '+3 −0'],
    ['check.completed', { name: 'ci', conclusion: 'failure', details: 'lint' }, 'check', 'Check ci: failure', 'lint'],
    ['usage.reported', { input_tokens: 10, output_tokens: 5, credits: 2 }, 'usage', 'Usage', '10 in / 5 out tokens · 2 credits'],
    ['child.started', { run_id: 'r2', agent: 'tester' }, 'child', 'Child run started (tester)', 'r2'],
    ['child.settled', { run_id: 'r2', status: 'failed' }, 'child', 'Child run failed', 'r2'],
    ['review.submitted', { verdict: 'changes_requested', summary: 'fix it' }, 'review', 'Review: changes requested', 'fix it'],
    ['run.stopped', { reason: 'budget' }, 'run', 'Run stopped', 'budget'],
    ['note', { text: 'hello' }, 'run', 'Note', 'hello'],
  ])('%s', (name, payload, kind, title, detail) => {
    expect(describeRunEvent({ ...base, name, payload })).toMatchObject({ kind, title, detail });
  });

  it('never trusts a payload shape: missing or odd fields still describe', () => {
    expect(describeRunEvent({ ...base, name: 'tool.call', payload: null })).toMatchObject({ kind: 'tool', title: 'Tool call' });
    expect(describeRunEvent({ ...base, name: 'file.changed', payload: { path: 42 } })).toMatchObject({ kind: 'file' });
  });

  it('marks events the service knows but this client does not as unknown', () => {
    expect(describeRunEvent({ ...base, name: 'brand.new', payload: {} }).kind).toBe('unknown');
    expect(describeRunEvent({ ...base, name: 'note', version: 2, payload: {} }).kind).toBe('unknown');
    expect(describeRunEvent({ ...base, name: 'note', known: false, payload: {} }).kind).toBe('unknown');
  });

  it('shows a withheld payload as withheld, whatever its name', () => {
    const v = describeRunEvent({ ...base, name: 'tool.result', redaction: 'withheld', payload: { withheld: 'policy' } });
    expect(v).toMatchObject({ kind: 'withheld', title: 'tool.result: output withheld' });
    expect(v.detail).toMatch(/intentionally withheld/);
  });
});
