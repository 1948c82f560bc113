// Mention latency: bob posts a message mentioning @alice; alice's mention feed (the shared
// startMentionFeed: long-poll + realtime doorbell) emits it. 500 mentions, one after another,
// p50/p99 from just before bob's post is sent to the moment the feed yields the row. Beside it the
// floor: a bare undici round trip (GET /api/v1/me) to the same service process, one before each
// mention. The goal compares p99 with the floor's p99 (same percentile on both sides); a second
// figure holds it against the floor's p50 (the strict reading).
import { request } from 'undici';
import { Client, MemoryCursorStore, startMentionFeed, type MentionRow } from '../shared/index';
import type { BenchResult } from './types';
import { BENCH_IDS, BENCH_TOKENS, benchFixture } from './support/fixture';
import { startService } from './support/service';
import { nowMs, percentile, round } from './support/stats';

const MENTIONS = 500;

export async function run(): Promise<BenchResult[]> {
  const service = await startService(benchFixture());
  const alice = new Client({ baseUrl: service.url, token: BENCH_TOKENS.alice, clientName: 'bench-watcher' });
  const bob = new Client({ baseUrl: service.url, token: BENCH_TOKENS.bob, clientName: 'bench-poster' });
  const feed = startMentionFeed({ client: alice, cursorStore: new MemoryCursorStore<string>() });
  const events = feed.watcher.events();
  try {
    // Wait until the feed is live, then until its first long-poll is open.
    for (;;) {
      const next = await events.next();
      if (next.done) throw new Error('the mention feed stopped before it went live');
      if (next.value.type === 'status' && next.value.state === 'live') break;
    }
    const nextMention = async (): Promise<MentionRow> => {
      for (;;) {
        const next = await events.next();
        if (next.done) throw new Error('the mention feed stopped');
        if (next.value.type === 'mention') return next.value.row;
      }
    };

    // Warm-up (connections, JIT), not counted.
    for (let i = 0; i < 20; i++) {
      await bob.postMessage(BENCH_IDS.general, { body: `@alice warm-up ${i}` });
      await nextMention();
    }

    const roundTrip = async (): Promise<number> => {
      const t0 = nowMs();
      const res = await request(`${service.url}/api/v1/me`, { headers: { authorization: `Bearer ${BENCH_TOKENS.alice}` } });
      await res.body.json();
      return nowMs() - t0;
    };
    for (let i = 0; i < 20; i++) await roundTrip();

    // Interleaved, so both series see the same machine load.
    const latencies: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < MENTIONS; i++) {
      floor.push(await roundTrip());
      const body = `@alice please look at item ${i}`;
      const t0 = nowMs();
      const posted = bob.postMessage(BENCH_IDS.general, { body });
      const row = await nextMention();
      latencies.push(nowMs() - t0);
      await posted;
      if (row.body !== body) throw new Error(`mention ${i} arrived out of order: ${row.body}`);
    }

    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const floorP50 = percentile(floor, 50);
    const floorP99 = percentile(floor, 99);
    const limit = 2 * floorP99 + 5;
    return [
      { name: 'mention latency p50 (post -> feed emits)', value: round(p50), unit: 'ms', reference: { name: 'bare round trip p50', value: round(floorP50), unit: 'ms' } },
      {
        name: 'mention latency p99 (post -> feed emits)',
        value: round(p99),
        unit: 'ms',
        reference: { name: 'bare round trip p99', value: round(floorP99), unit: 'ms' },
        goal: `< 2x floor + 5 ms (${round(limit)} ms)`,
        met: p99 < limit,
      },
      {
        // The strict reading: the floor as a typical round trip (its p50), against the mention p99.
        name: 'mention latency p99 against the floor p50 (strict reading)',
        value: round(p99),
        unit: 'ms',
        reference: { name: 'bare round trip p50', value: round(floorP50), unit: 'ms' },
        goal: `< 2x floor p50 + 5 ms (${round(2 * floorP50 + 5)} ms)`,
        met: p99 < 2 * floorP50 + 5,
      },
    ];
  } finally {
    await feed.stop();
    await events.return(undefined);
    await alice.close();
    await bob.close();
    await service.stop();
  }
}
