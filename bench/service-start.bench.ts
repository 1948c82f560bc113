// How long `wsc serve` takes from process start to listening (its first stdout line), and what its
// first request costs, beside the service before its request validators were made ready at
// registration (f02a58b: compiled on a route's first request). The two builds start in turn, round
// after round, so a busy machine slows both alike. The first request is a route with a declared
// query (the messages page), the second the same again.
import { builtinFixture } from '../emulator/builtin-fixture';
import type { BenchResult } from './types';
import { buildBaseline } from './support/baseline';
import { startService } from './support/service';
import { load1, median, round } from './support/stats';

const BEFORE = process.env.WSC_BENCH_BASELINE_REF || 'f02a58b';
const ROUNDS = 15;
const START_GOAL_MS = 60;
// A first request still warms code and SQL statements the second finds ready (tens of ms on a busy
// machine); compiling the route's validator on the way cost ~0.3-0.4 s more.
const FIRST_REQUEST_MARGIN_MS = 50;

interface Sample {
  startMs: number;
  firstMs: number;
  secondMs: number;
}

async function once(wscScript?: string): Promise<Sample> {
  const fixture = builtinFixture();
  const service = await startService(fixture, [], wscScript ? { wscScript } : {});
  try {
    const page = `${service.url}/api/v1/channels/${fixture.channels[0]!.id}/messages?limit=5`;
    const timed = async (): Promise<number> => {
      const t0 = performance.now();
      const res = await fetch(page, { headers: { authorization: `Bearer ${fixture.tokens[0]!.token}` } });
      await res.text();
      if (res.status !== 200) throw new Error(`the messages page answered ${res.status}`);
      return performance.now() - t0;
    };
    const firstMs = await timed();
    return { startMs: service.startMs, firstMs, secondMs: await timed() };
  } finally {
    await service.stop();
  }
}

export async function run(): Promise<BenchResult[]> {
  const baseline = await buildBaseline(process.cwd(), BEFORE);
  const now: Sample[] = [];
  const then: Sample[] = [];
  const loads: number[] = [];
  await once();
  await once(baseline.wscScript); // warm the file cache for both
  for (let i = 0; i < ROUNDS; i++) {
    now.push(await once());
    then.push(await once(baseline.wscScript));
    loads.push(load1());
  }
  const m = (samples: Sample[], key: keyof Sample) => round(median(samples.map((s) => s[key])), 1);
  const load = round(median(loads));
  const before = `before (${BEFORE})`;
  return [
    {
      name: `wsc serve: process start to listening (median of ${ROUNDS})`,
      value: m(now, 'startMs'),
      unit: 'ms',
      reference: { name: before, value: m(then, 'startMs'), unit: 'ms' },
      goal: `≤ before + ${START_GOAL_MS} ms`,
      met: m(now, 'startMs') <= m(then, 'startMs') + START_GOAL_MS,
      load1: load,
    },
    {
      name: `wsc serve: first request after the start (median of ${ROUNDS})`,
      value: m(now, 'firstMs'),
      unit: 'ms',
      reference: { name: before, value: m(then, 'firstMs'), unit: 'ms' },
      goal: `≤ the second request (${m(now, 'secondMs')} ms) + ${FIRST_REQUEST_MARGIN_MS} ms: no validator compiled on the way`,
      met: m(now, 'firstMs') <= m(now, 'secondMs') + FIRST_REQUEST_MARGIN_MS,
      load1: load,
    },
  ];
}
