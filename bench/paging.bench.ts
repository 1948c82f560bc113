// Paging overhead: a 100,000-message channel read oldest to newest through client.iterateMessages,
// against a raw undici loop over the same endpoint and cursors (limit 200 both); and a
// 100,000-event run ledger through readRunEvents against a raw loop over after/nextAfter.
// The two walk side by side, one page each in turn, and only the time spent getting each page's
// items is summed: on a shared 2-core machine, page-by-page interleaving (alternating who goes
// first) puts both under the same load, where whole passes one after the other measured mostly the
// neighbours' noise.
import { request } from 'undici';
import { BEGINNING_CURSOR, Client, readRunEvents, type MessagesPage, type RunEventsPage } from '../shared/index';
import type { BenchResult } from './types';
import { BENCH_IDS, BENCH_TOKENS, benchFixture } from './support/fixture';
import { startService } from './support/service';
import { nowMs, round } from './support/stats';

const MESSAGES = 100_000;
const EVENTS = 100_000;
const PASSES = 2;
const LIMIT = 200;

async function rawJson<T>(url: string): Promise<T> {
  const res = await request(url, { headers: { authorization: `Bearer ${BENCH_TOKENS.alice}`, accept: 'application/json' } });
  if (res.statusCode !== 200) throw new Error(`raw loop: ${url} answered ${res.statusCode}`);
  return (await res.body.json()) as T;
}

/** Pulls the next page's worth of items (at most `limit`); the count, 0 at the end. */
type PagePuller = () => Promise<number>;

/** Walks both to the end, one page each in turn; items per second of each (time spent in pulls only). */
async function sideBySide(expected: number, raw: PagePuller, shared: PagePuller): Promise<{ raw: number; shared: number }> {
  const ms = { raw: 0, shared: 0 };
  const items = { raw: 0, shared: 0 };
  let rawDone = false;
  let sharedDone = false;
  let turn = 0;
  while (!rawDone || !sharedDone) {
    // Who goes first alternates: the second request of a round meets a service still busy with the
    // first (its GC, its socket), which would otherwise always penalise the same side.
    const order = [['raw', raw], ['shared', shared]] as const;
    for (const [key, pull] of turn++ % 2 === 0 ? order : [...order].reverse()) {
      if (key === 'raw' ? rawDone : sharedDone) continue;
      const t0 = nowMs();
      const n = await pull();
      ms[key] += nowMs() - t0;
      items[key] += n;
      if (n === 0) {
        if (key === 'raw') rawDone = true;
        else sharedDone = true;
      }
    }
  }
  if (items.raw !== expected || items.shared !== expected) throw new Error(`read ${items.raw} (raw) and ${items.shared} (shared) items, expected ${expected}`);
  return { raw: (items.raw / ms.raw) * 1000, shared: (items.shared / ms.shared) * 1000 };
}

/** Pulls up to `limit` items of an async iterator per call. */
function chunked<T>(iterator: AsyncIterator<T>, limit: number, counts: (item: T) => boolean = () => true): PagePuller {
  let ended = false;
  return async () => {
    let n = 0;
    while (!ended && n < limit) {
      const next = await iterator.next();
      if (next.done) ended = true;
      else if (counts(next.value)) n += 1;
    }
    return n;
  };
}

export async function run(): Promise<BenchResult[]> {
  const service = await startService(benchFixture({ bigChannelMessages: MESSAGES, runEvents: EVENTS }));
  const client = new Client({ baseUrl: service.url, token: BENCH_TOKENS.alice, clientName: 'bench-paging' });
  const base = `${service.url}/api/v1`;
  try {
    const rawMessages = (): PagePuller => {
      let cursor: string | null = BEGINNING_CURSOR;
      return async () => {
        if (cursor === null) return 0;
        const page: MessagesPage = await rawJson<MessagesPage>(`${base}/channels/${BENCH_IDS.big}/messages?after=${encodeURIComponent(cursor)}&limit=${LIMIT}`);
        cursor = page.hasMore ? page.cursor : null;
        return page.messages.length;
      };
    };
    const sharedMessages = (): PagePuller =>
      chunked(client.iterateMessages(BENCH_IDS.big, { direction: 'newer', limit: LIMIT })[Symbol.asyncIterator](), LIMIT);
    const rawEvents = (): PagePuller => {
      let after: number | null = 0;
      return async () => {
        if (after === null) return 0;
        const page: RunEventsPage = await rawJson<RunEventsPage>(`${base}/runs/${BENCH_IDS.run}/events?after=${after}&limit=${LIMIT}`);
        after = page.hasMore ? page.nextAfter : null;
        return page.events.length;
      };
    };
    const sharedEvents = (): PagePuller =>
      chunked(readRunEvents({ client, runId: BENCH_IDS.run, limit: LIMIT }), LIMIT, (e) => {
        if (e.type === 'end' && e.reason !== 'caught_up') throw new Error(`the reader ended with ${e.reason}`);
        return e.type === 'event';
      });

    // Warm-up pass of each (SQLite pages, JIT, connections), then the measured passes.
    await sideBySide(MESSAGES, rawMessages(), sharedMessages());
    const messages = { raw: 0, shared: 0 };
    for (let i = 0; i < PASSES; i++) {
      const r = await sideBySide(MESSAGES, rawMessages(), sharedMessages());
      messages.raw += r.raw / PASSES;
      messages.shared += r.shared / PASSES;
    }
    await sideBySide(EVENTS, rawEvents(), sharedEvents());
    const events = { raw: 0, shared: 0 };
    for (let i = 0; i < PASSES; i++) {
      const r = await sideBySide(EVENTS, rawEvents(), sharedEvents());
      events.raw += r.raw / PASSES;
      events.shared += r.shared / PASSES;
    }
    const ratioMessages = messages.shared / messages.raw;
    const ratioEvents = events.shared / events.raw;
    return [
      {
        name: 'paging: 100k messages through client.iterateMessages',
        value: Math.round(messages.shared),
        unit: 'msg/s',
        reference: { name: 'raw undici loop', value: Math.round(messages.raw), unit: 'msg/s' },
      },
      { name: 'paging: iterateMessages / raw throughput', value: round(ratioMessages, 3), unit: 'ratio', goal: '>= 0.9', met: ratioMessages >= 0.9 },
      {
        name: 'paging: 100k run events through readRunEvents',
        value: Math.round(events.shared),
        unit: 'events/s',
        reference: { name: 'raw undici loop', value: Math.round(events.raw), unit: 'events/s' },
      },
      { name: 'paging: readRunEvents / raw throughput', value: round(ratioEvents, 3), unit: 'ratio', goal: '>= 0.9', met: ratioEvents >= 0.9 },
    ];
  } finally {
    await client.close();
    await service.stop();
  }
}
