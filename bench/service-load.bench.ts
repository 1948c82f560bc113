// The local service under load, as its own process, side by side with the service as it was before
// the statement cache (bench/support/baseline.ts builds that one from git, default commit 832e11e):
// reads/s and posts/s with autocannon (20 connections), alternating baseline and current in rounds
// so both see the same machine load; then 1,000 concurrent long-polls held and answered by one
// mention, with resident memory; then the start of a service whose --data file holds 100,000 messages.
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import type { BenchResult } from './types';
import { buildBaseline } from './support/baseline';
import { BENCH_IDS, BENCH_TOKENS, benchFixture } from './support/fixture';
import { startService, type BenchService } from './support/service';
import { load1, median, nowMs, round } from './support/stats';

const CONNECTIONS = 20;
const ROUNDS = 3;
const SECONDS_PER_RUN = 4;
const LONG_POLLS = 1_000;
const STARTS = 7;
const HISTORY = 100_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const auth = { authorization: `Bearer ${BENCH_TOKENS.bob}`, accept: 'application/json' };

interface LoadRun {
  rate: number;
  p99: number;
  /** The service process's CPU time per answered request (µs): its own cost, whatever the load generator got. */
  cpuUs: number;
}

async function measured(service: BenchService, what: string, options: Parameters<typeof autocannon>[0]): Promise<LoadRun> {
  const cpu0 = service.cpuMs();
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS_PER_RUN, ...options });
  const cpu = service.cpuMs() - cpu0;
  if (r.errors > 0 || r.non2xx > 0) throw new Error(`${what}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
  return { rate: r.requests.average, p99: r.latency.p99, cpuUs: (cpu * 1000) / Math.max(1, r.requests.total) };
}

const reads = (service: BenchService) => measured(service, 'reads', { url: `${service.url}/api/v1/channels/${BENCH_IDS.big}/messages`, headers: auth });
const posts = (service: BenchService) =>
  measured(service, 'posts', {
    url: `${service.url}/api/v1/channels/${BENCH_IDS.general}/messages`,
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ body: 'load test post with **Markdown**' }),
  });

/** Reads and posts, baseline and current alternating; the median round of each. */
async function throughput(): Promise<BenchResult[]> {
  const baseline = await buildBaseline();
  // 1,000 messages in the read channel so a read is a full default window (30) of real rows.
  const fixture = benchFixture({ bigChannelMessages: 1_000 });
  const current = await startService(fixture);
  const before = await startService(fixture, [], { wscScript: baseline.wscScript });
  const runs = { reads: { current: [] as LoadRun[], before: [] as LoadRun[] }, posts: { current: [] as LoadRun[], before: [] as LoadRun[] } };
  try {
    for (let i = 0; i < ROUNDS; i++) {
      // Which one goes first alternates too (a warm-up advantage must not always go to one side).
      const order = i % 2 === 0 ? [before, current] : [current, before];
      for (const service of order) runs.reads[service === current ? 'current' : 'before'].push(await reads(service));
      for (const service of order) runs.posts[service === current ? 'current' : 'before'].push(await posts(service));
    }
  } finally {
    await current.stop();
    await before.stop();
  }
  const load = load1();
  const figure = (what: 'reads' | 'posts', label: string, factor: number): BenchResult[] => {
    const of = (side: 'current' | 'before', key: keyof LoadRun) => median(runs[what][side].map((r) => r[key]));
    const now = of('current', 'rate');
    const then = of('before', 'rate');
    return [
      {
        name: `service: ${label} (autocannon in the bench process, ${CONNECTIONS} connections, median of ${ROUNDS} runs of ${SECONDS_PER_RUN} s)`,
        value: Math.round(now),
        unit: 'req/s',
        reference: { name: `baseline (${baseline.ref}), same run`, value: Math.round(then), unit: 'req/s' },
        goal: `>= ${factor}x before`,
        met: now >= factor * then,
        load1: load,
      },
      { name: `service: ${label}, throughput over the baseline`, value: round(now / then), unit: 'x', load1: load },
      {
        // What the service itself spends per answer (its process CPU time / answers), so a load
        // generator starved on a busy machine does not hide the service's own gain.
        name: `service: ${label}, service CPU time per answer (median run)`,
        value: round(of('current', 'cpuUs')),
        unit: 'µs',
        reference: { name: `baseline (${baseline.ref}), same run`, value: round(of('before', 'cpuUs')), unit: 'µs' },
        goal: `<= 1/${factor} of before`,
        met: of('current', 'cpuUs') * factor <= of('before', 'cpuUs'),
        load1: load,
      },
      {
        name: `service: ${label}, latency p99 (median run)`,
        value: of('current', 'p99'),
        unit: 'ms',
        reference: { name: `baseline (${baseline.ref})`, value: of('before', 'p99'), unit: 'ms' },
        load1: load,
      },
    ];
  };
  return [...figure('reads', 'reads/s (GET channel messages, 30 per page)', 3), ...figure('posts', 'posts/s (POST channel message)', 2)];
}

/** 1,000 long-polls held open, then all answered by one mention; the service's memory meanwhile. */
async function longPolls(): Promise<BenchResult[]> {
  const service = await startService(benchFixture({ bigChannelMessages: 1_000 }));
  try {
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
    const load = load1();
    return [
      {
        name: `service: ${LONG_POLLS} concurrent long-polls held, then answered by one mention`,
        value: withRow,
        unit: 'answered with the row',
        reference: { name: 'held open before the mention', value: heldWhileWaiting, unit: 'polls' },
        goal: `all ${LONG_POLLS} held and answered`,
        met: withRow === LONG_POLLS && heldWhileWaiting === LONG_POLLS,
        load1: load,
      },
      { name: `service: from sending the mention to the last of ${LONG_POLLS} long-polls answered`, value: round(allAnsweredMs), unit: 'ms', load1: load },
      { name: 'service RSS before the long-polls', value: round(rssBefore, 1), unit: 'MiB', load1: load },
      {
        name: `service RSS with ${LONG_POLLS} long-polls open`,
        value: round(rssDuring, 1),
        unit: 'MiB',
        reference: { name: 'growth per long-poll', value: round((growth * 1024) / LONG_POLLS, 1), unit: 'KiB' },
        goal: 'bounded: growth < 100 MiB (100 KiB per poll)',
        met: growth < 100,
        load1: load,
      },
      { name: 'service RSS after the long-polls ended', value: round(rssAfter, 1), unit: 'MiB', load1: load },
    ];
  } finally {
    await service.stop();
  }
}

/** `wsc serve --data` on a file holding 100,000 messages: spawn to the first stdout line (listening). */
async function startWithHistory(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'wsc-bench-start-'));
  try {
    const dataFile = join(dir, 'history.db');
    // The first start loads the fixture into the file (not measured); later starts find it there.
    const fixture = benchFixture({ bigChannelMessages: HISTORY, bigChannelMentionEvery: 100 });
    await (await startService(fixture, [], { dataFile })).stop();
    const small = benchFixture();
    const withHistory: number[] = [];
    const empty: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      const a = await startService(small, [], { dataFile });
      withHistory.push(a.startMs);
      await a.stop();
      const b = await startService(small);
      empty.push(b.startMs);
      await b.stop();
    }
    const load = load1();
    return [
      {
        name: `service start with ${HISTORY.toLocaleString('en')} messages in its --data file (spawn -> first stdout line; median of ${STARTS})`,
        value: round(median(withHistory)),
        unit: 'ms',
        reference: { name: 'the same with the small in-memory fixture', value: round(median(empty)), unit: 'ms' },
        goal: '< 1000 ms',
        met: median(withHistory) < 1000,
        load1: load,
      },
      { name: `service start with ${HISTORY.toLocaleString('en')} messages, slowest of ${STARTS}`, value: round(Math.max(...withHistory)), unit: 'ms', load1: load },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchResult[]> {
  return [...(await throughput()), ...(await longPolls()), ...(await startWithHistory())];
}
