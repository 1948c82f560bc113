// The local service under load, as its own process: reads/s and posts/s with autocannon (20
// connections, 10 s each), then 1,000 concurrent long-polls on GET /me/mentions held open and all
// answered by one mention, with the service's resident memory before, during and after.
import autocannon from 'autocannon';
import { Agent, request } from 'undici';
import type { BenchResult } from './types';
import { BENCH_IDS, BENCH_TOKENS, benchFixture } from './support/fixture';
import { startService } from './support/service';
import { nowMs, round } from './support/stats';

const CONNECTIONS = 20;
const SECONDS = 10;
const LONG_POLLS = 1_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function run(): Promise<BenchResult[]> {
  // 1,000 messages in the read channel so a read is a full default window (30) of real rows.
  const service = await startService(benchFixture({ bigChannelMessages: 1_000 }));
  const auth = { authorization: `Bearer ${BENCH_TOKENS.bob}`, accept: 'application/json' };
  const results: BenchResult[] = [];
  try {
    const reads = await autocannon({ url: `${service.url}/api/v1/channels/${BENCH_IDS.big}/messages`, connections: CONNECTIONS, duration: SECONDS, headers: auth });
    if (reads.errors > 0 || reads.non2xx > 0) throw new Error(`reads: ${reads.errors} errors, ${reads.non2xx} non-2xx answers`);
    results.push({
      name: 'service: reads/s (GET channel messages, 30 per page)',
      value: Math.round(reads.requests.average),
      unit: 'req/s',
      reference: { name: 'latency p99', value: reads.latency.p99, unit: 'ms' },
    });

    const posts = await autocannon({
      url: `${service.url}/api/v1/channels/${BENCH_IDS.general}/messages`,
      connections: CONNECTIONS,
      duration: SECONDS,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'load test post with **Markdown**' }),
    });
    if (posts.errors > 0 || posts.non2xx > 0) throw new Error(`posts: ${posts.errors} errors, ${posts.non2xx} non-2xx answers`);
    results.push({
      name: 'service: posts/s (POST channel message)',
      value: Math.round(posts.requests.average),
      unit: 'req/s',
      reference: { name: 'latency p99', value: posts.latency.p99, unit: 'ms' },
    });

    // Long-polls: alice's token asks, bob's post wakes them all.
    await sleep(2_000);
    const rssBefore = service.rssMiB();
    const agent = new Agent({ connections: LONG_POLLS + 10, pipelining: 1, headersTimeout: 60_000, bodyTimeout: 60_000 });
    const since = new Date().toISOString();
    let answered = 0;
    let withRow = 0;
    const polls = Array.from({ length: LONG_POLLS }, async () => {
      const res = await request(`${service.url}/api/v1/me/mentions?wait_ms=25000&since=${encodeURIComponent(since)}`, {
        dispatcher: agent,
        headers: { authorization: `Bearer ${BENCH_TOKENS.alice}`, accept: 'application/json' },
      });
      const body = (await res.body.json()) as { mentions?: unknown[] };
      answered += 1;
      if (res.statusCode === 200 && (body.mentions?.length ?? 0) > 0) withRow += 1;
    });
    await sleep(5_000);
    const rssDuring = service.rssMiB();
    const heldWhileWaiting = LONG_POLLS - answered;
    const t0 = nowMs();
    await request(`${service.url}/api/v1/channels/${BENCH_IDS.general}/messages`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ body: '@alice wake up, all of you' }),
    }).then((r) => r.body.json());
    await Promise.all(polls);
    const allAnsweredMs = nowMs() - t0;
    await agent.close();
    await sleep(3_000);
    const rssAfter = service.rssMiB();
    const growth = rssDuring - rssBefore;
    results.push(
      {
        name: `service: ${LONG_POLLS} concurrent long-polls held, then answered by one mention`,
        value: withRow,
        unit: 'answered with the row',
        reference: { name: 'held open before the mention', value: heldWhileWaiting, unit: 'polls' },
        goal: `all ${LONG_POLLS} held and answered`,
        met: withRow === LONG_POLLS && heldWhileWaiting === LONG_POLLS,
      },
      { name: `service: time until all ${LONG_POLLS} long-polls answered`, value: round(allAnsweredMs), unit: 'ms' },
      { name: 'service RSS before the long-polls', value: round(rssBefore, 1), unit: 'MiB' },
      {
        name: `service RSS with ${LONG_POLLS} long-polls open`,
        value: round(rssDuring, 1),
        unit: 'MiB',
        reference: { name: 'growth per long-poll', value: round((growth * 1024) / LONG_POLLS, 1), unit: 'KiB' },
        goal: 'bounded: growth < 100 MiB (100 KiB per poll)',
        met: growth < 100,
      },
      { name: 'service RSS after the long-polls ended', value: round(rssAfter, 1), unit: 'MiB' },
    );
    return results;
  } finally {
    await service.stop();
  }
}
