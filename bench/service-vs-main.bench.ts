// The local service beside the main of the day the route table and one-schema-per-shape work began
// (7a3899a): is a read or a post now any dearer for the service? Both services answer at the same
// time (one autocannon each, started together), so a busy machine slows both alike; the figure is
// the median over rounds of each round's ratio of CPU time per answer. A control pair (this build
// against a second copy of itself, measured the same way) shows how far two identical builds drift.
import autocannon from 'autocannon';
import type { BenchResult } from './types';
import { buildBaseline } from './support/baseline';
import { BENCH_IDS, BENCH_TOKENS, benchFixture } from './support/fixture';
import { startService, type BenchService } from './support/service';
import { load1, median, round } from './support/stats';

const MAIN_BEFORE = '7a3899a';
const ROUNDS = 8;
const SECONDS = 3;
const CONNECTIONS = 10;
const auth = { authorization: `Bearer ${BENCH_TOKENS.bob}`, accept: 'application/json' };

type Kind = 'reads' | 'posts';

async function cpuPerAnswer(service: BenchService, kind: Kind): Promise<number> {
  const target =
    kind === 'reads'
      ? { url: `${service.url}/api/v1/channels/${BENCH_IDS.big}/messages`, headers: auth }
      : {
          url: `${service.url}/api/v1/channels/${BENCH_IDS.general}/messages`,
          method: 'POST' as const,
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ body: 'load test post with **Markdown**' }),
        };
  const cpu0 = service.cpuMs();
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...target });
  if (r.errors > 0 || r.non2xx > 0) throw new Error(`${kind}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
  return ((service.cpuMs() - cpu0) * 1000) / Math.max(1, r.requests.total);
}

interface Pair {
  ratios: Record<Kind, number[]>;
  now: Record<Kind, number[]>;
  then: Record<Kind, number[]>;
}

/** ROUNDS simultaneous runs of `now` and `then`; per round, now's CPU per answer over then's. */
async function pairedRounds(now: BenchService, then: BenchService): Promise<Pair> {
  const pair: Pair = { ratios: { reads: [], posts: [] }, now: { reads: [], posts: [] }, then: { reads: [], posts: [] } };
  for (const kind of ['reads', 'posts'] as const) await Promise.all([cpuPerAnswer(now, kind), cpuPerAnswer(then, kind)]); // warm-up
  for (let i = 0; i < ROUNDS; i++) {
    for (const kind of ['reads', 'posts'] as const) {
      const [a, b] = await Promise.all([cpuPerAnswer(now, kind), cpuPerAnswer(then, kind)]);
      pair.now[kind].push(a);
      pair.then[kind].push(b);
      pair.ratios[kind].push(a / b);
    }
  }
  return pair;
}

const spread = (values: number[]) => `${round(Math.min(...values), 2)}–${round(Math.max(...values), 2)}`;

export async function run(): Promise<BenchResult[]> {
  const before = await buildBaseline(process.cwd(), MAIN_BEFORE);
  const fixture = benchFixture({ bigChannelMessages: 1_000 });
  const load0 = load1();
  const current = await startService(fixture);
  const old = await startService(fixture, [], { wscScript: before.wscScript });
  let sideBySide: Pair;
  try {
    sideBySide = await pairedRounds(current, old);
  } finally {
    await old.stop();
  }
  const twin = await startService(fixture);
  let control: Pair;
  try {
    control = await pairedRounds(current, twin);
  } finally {
    await twin.stop();
    await current.stop();
  }
  const load = `${load0}→${load1()}`;
  const label = { reads: 'reads (GET channel messages, 30 per page)', posts: 'posts (POST channel message)' };
  return (['reads', 'posts'] as const).flatMap((kind): BenchResult[] => [
    {
      name: `service ${label[kind]}: CPU time per answer over ${MAIN_BEFORE}'s, median of ${ROUNDS} simultaneous rounds (spread ${spread(sideBySide.ratios[kind])}; load ${load})`,
      value: round(median(sideBySide.ratios[kind]), 3),
      unit: 'x',
      reference: { name: `the same build against itself (spread ${spread(control.ratios[kind])})`, value: round(median(control.ratios[kind]), 3), unit: 'x' },
      goal: '<= 1 + the control pair\'s drift from 1 (no slower)',
      met: median(sideBySide.ratios[kind]) <= 1 + Math.abs(1 - median(control.ratios[kind])),
      load1: load1(),
    },
    {
      name: `service ${label[kind]}: CPU time per answer, median round`,
      value: round(median(sideBySide.now[kind]), 1),
      unit: 'µs',
      reference: { name: `${MAIN_BEFORE}, same rounds`, value: round(median(sideBySide.then[kind]), 1), unit: 'µs' },
      load1: load1(),
    },
  ]);
}
