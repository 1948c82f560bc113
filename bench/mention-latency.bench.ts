// Mention latency in a workspace with history and held long-polls: 100,000 messages in another
// channel (every 100th mentions @alice, so her index has history too) and 1,000 long-polls of a third
// person held open the whole time (re-opened as they end, spread out like a real workspace's).
// bob posts a message mentioning @alice; alice's mention feed (the shared startMentionFeed:
// long-poll + realtime doorbell) emits it. 1,000 mentions one after another; each figure's clock
// spans from just before bob's post is sent to the moment the feed yields the row. Beside it the
// floor: a bare undici round trip (GET /api/v1/me) to the same service process, one before each
// mention. The limit is 2 x the floor's typical round trip + 5 ms, the typical round trip being the
// median of the p50s of 10 blocks of floor samples (a stable statistic, not the floor's own p99).
// Also: how long the service keeps a request waiting while the 1,000 long-polls open. Then the same
// for the baseline service (support/baseline.ts), with fewer samples, as the peer.
import { Worker } from 'node:worker_threads';
import { request } from 'undici';
import { Client, MemoryCursorStore, startMentionFeed, type MentionRow } from '../shared/index';
import type { BenchResult } from './types';
import { buildBaseline } from './support/baseline';
import { BENCH_IDS, BENCH_TOKENS, benchFixture } from './support/fixture';
import { startService, type BenchService } from './support/service';
import { load1, median, medianOfBlockMedians, nowMs, percentile, round } from './support/stats';

const MENTIONS = 1_000;
const HISTORY = 100_000;
const HELD_POLLS = 1_000;
const BASELINE_MENTIONS = 100;
const PROBE_MS = 3_000;

const roundTrip = async (service: BenchService): Promise<number> => {
  const t0 = nowMs();
  const res = await request(`${service.url}/api/v1/me`, { headers: { authorization: `Bearer ${BENCH_TOKENS.alice}` } });
  await res.body.json();
  return nowMs() - t0;
};

// carol's long-polls, run in a worker thread so that their client side (1,000 sockets) never
// delays the measured requests' event loop; each is re-opened when it ends until the worker is told
// to stop. The first ones wait 5-25 s at random, so their ends (and re-openings) spread out instead
// of arriving as one burst every 25 s. The worker posts 'sent' once every poll is handed to undici.
const POLLS_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { Agent, request } = require('undici');
const { url, token, count, reopen } = workerData;
const agent = new Agent({ connections: count + 10, pipelining: 1, headersTimeout: 60000, bodyTimeout: 60000 });
const since = new Date(Date.now() + 365 * 86400000).toISOString();
let stopping = false;
async function poll(waitMs) {
  while (!stopping) {
    try {
      const res = await request(url + '/api/v1/me/mentions?wait_ms=' + waitMs + '&since=' + encodeURIComponent(since), {
        dispatcher: agent,
        headers: { authorization: 'Bearer ' + token, accept: 'application/json' },
      });
      await res.body.dump();
    } catch (error) {
      if (!stopping) parentPort.postMessage({ failed: String(error) });
    }
    if (!reopen) return;
    waitMs = 25000;
  }
}
const loops = Array.from({ length: count }, () => poll(5000 + Math.floor(Math.random() * 20000)));
parentPort.postMessage('sent');
parentPort.on('message', async () => {
  stopping = true;
  await agent.destroy();
  await Promise.allSettled(loops);
  parentPort.close();
});
`;

/** Starts the held polls; `blockedMs` is the slowest GET /me round trip in the PROBE_MS after they were sent. */
async function holdPolls(service: BenchService, reopen: boolean): Promise<{ blockedMs: number; idleMs: number; failures: () => number; stop: () => Promise<void> }> {
  const idle: number[] = [];
  for (let i = 0; i < 20; i++) idle.push(await roundTrip(service));
  const worker = new Worker(POLLS_WORKER, { eval: true, execArgv: [], workerData: { url: service.url, token: BENCH_TOKENS.carol, count: HELD_POLLS, reopen } });
  // A poll or probe the service refused (e.g. a connection reset while its event loop was blocked
  // and the listen backlog overflowed) is counted, not fatal: it is part of what is measured.
  let failures = 0;
  worker.on('message', (m: unknown) => {
    if (typeof m === 'object' && m !== null && 'failed' in m) failures++;
  });
  worker.on('error', () => failures++);
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  // Round trips back to back while the polls arrive: the slowest is how long the service kept a
  // request waiting while it took them in.
  let blockedMs = 0;
  for (const t0 = nowMs(); nowMs() - t0 < PROBE_MS; ) {
    const t1 = nowMs();
    try {
      blockedMs = Math.max(blockedMs, await roundTrip(service));
    } catch {
      failures++;
      blockedMs = Math.max(blockedMs, nowMs() - t1);
    }
  }
  return {
    blockedMs,
    idleMs: median(idle),
    failures: () => failures,
    stop: async () => {
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('stop');
      await exited;
    },
  };
}

interface Measured {
  latencies: number[];
  floor: number[];
  blockedMs: number;
  idleMs: number;
  /** Long-polls and probes that failed (connection reset/refused) over the whole measurement. */
  failures: number;
}

/** Starts a service (this checkout's, or another build), holds the polls, then times `mentions` mentions. */
async function measure(mentions: number, wscScript?: string): Promise<Measured> {
  // The baseline service spends milliseconds per poll on a busy machine: re-opened polls would
  // swamp it, so there each poll is held once (a lighter setting than the current service gets).
  const reopen = wscScript === undefined;
  const fixture = benchFixture({ bigChannelMessages: HISTORY, bigChannelMentionEvery: 100 });
  const service = await startService(fixture, [], wscScript ? { wscScript } : {});
  let held: Awaited<ReturnType<typeof holdPolls>> | null = null;
  const alice = new Client({ baseUrl: service.url, token: BENCH_TOKENS.alice, clientName: 'bench-watcher' });
  const bob = new Client({ baseUrl: service.url, token: BENCH_TOKENS.bob, clientName: 'bench-poster' });
  const feed = startMentionFeed({ client: alice, cursorStore: new MemoryCursorStore<string>() });
  const events = feed.watcher.events();
  try {
    held = await holdPolls(service, reopen);
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
    for (let i = 0; i < 20; i++) await roundTrip(service);

    // Interleaved, so both series see the same machine load.
    const latencies: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < mentions; i++) {
      floor.push(await roundTrip(service));
      const body = `@alice please look at item ${i}`;
      const t0 = nowMs();
      const posted = bob.postMessage(BENCH_IDS.general, { body });
      const row = await nextMention();
      latencies.push(nowMs() - t0);
      await posted;
      if (row.body !== body) throw new Error(`mention ${i} arrived out of order: ${row.body}`);
    }
    return { latencies, floor, blockedMs: held.blockedMs, idleMs: held.idleMs, failures: held.failures() };
  } finally {
    await feed.stop();
    await events.return(undefined);
    await alice.close();
    await bob.close();
    await held?.stop();
    await service.stop();
  }
}

export async function run(): Promise<BenchResult[]> {
  const baseline = await buildBaseline();
  const { latencies, floor, blockedMs, idleMs, failures } = await measure(MENTIONS);
  // The baseline service in the same setting (fewer samples: each one scans the history).
  const before = await measure(BASELINE_MENTIONS, baseline.wscScript);
  const load = load1();
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  const floorP50 = percentile(floor, 50);
  const floorTypical = medianOfBlockMedians(floor, 10);
  const limit = 2 * floorTypical + 5;
  const setting = `${HISTORY.toLocaleString('en')} messages, ${HELD_POLLS.toLocaleString('en')} held long-polls`;
  return [
    {
      name: `mention latency p50 (bob's post sent -> alice's feed emits; ${setting}; ${MENTIONS} samples)`,
      value: round(p50),
      unit: 'ms',
      reference: { name: 'bare round trip p50', value: round(floorP50), unit: 'ms' },
      load1: load,
    },
    {
      // The machine's own tail: the same interleaved bare round trips at p99.
      name: `bare round trip p99 (GET /api/v1/me, interleaved with the mentions; ${MENTIONS} samples)`,
      value: round(percentile(floor, 99)),
      unit: 'ms',
      load1: load,
    },
    {
      name: `mention latency p99 (bob's post sent -> alice's feed emits; ${setting}; ${MENTIONS} samples)`,
      value: round(p99),
      unit: 'ms',
      reference: { name: 'bare round trip, median of 10 block p50s', value: round(floorTypical), unit: 'ms' },
      goal: `< 2x floor + 5 ms (${round(limit)} ms)`,
      met: p99 < limit,
      load1: load,
    },
    {
      name: `service blocked while ${HELD_POLLS.toLocaleString('en')} long-polls open (slowest GET /me round trip, back to back for ${PROBE_MS / 1000} s after sending them; ${HISTORY.toLocaleString('en')} messages)`,
      value: round(blockedMs),
      unit: 'ms',
      reference: { name: 'GET /me round trip when idle (median of 20)', value: round(idleMs), unit: 'ms' },
      goal: '< 1000 ms (not seconds)',
      met: blockedMs < 1000,
      load1: load,
    },
    {
      name: `long-polls and probes refused or reset while ${HELD_POLLS.toLocaleString('en')} long-polls were held`,
      value: failures,
      unit: 'requests',
      reference: { name: `baseline (${baseline.ref}), same setting`, value: before.failures, unit: 'requests' },
      goal: '0',
      met: failures === 0,
      load1: load,
    },
    {
      name: `baseline (${baseline.ref}): mention latency p50, same setting but polls held once, not re-opened (${BASELINE_MENTIONS} samples)`,
      value: round(percentile(before.latencies, 50)),
      unit: 'ms',
      reference: { name: 'its bare round trip p50', value: round(percentile(before.floor, 50)), unit: 'ms' },
      load1: load,
    },
    {
      name: `baseline (${baseline.ref}): mention latency p99, same setting but polls held once, not re-opened (${BASELINE_MENTIONS} samples)`,
      value: round(percentile(before.latencies, 99)),
      unit: 'ms',
      load1: load,
    },
    {
      name: `baseline (${baseline.ref}): service blocked while ${HELD_POLLS.toLocaleString('en')} long-polls open, same probe`,
      value: round(before.blockedMs),
      unit: 'ms',
      reference: { name: 'its GET /me round trip when idle', value: round(before.idleMs), unit: 'ms' },
      load1: load,
    },
  ];
}
