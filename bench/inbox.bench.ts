// The attention inbox (shared InboxSession, as `wsc inbox --follow` and the faces run it), against
// the local service in its own process (test/fixtures/basic.json plus runs to settle; Maria reads,
// the admin writes):
// (a) new item -> onArrive latency, p95 per source, beside a bare long-poll peer: a raw fetch loop
//     on GET /me/mentions?wait_ms (the "mention path"), timing the same posts.
//     mention: admin posts "@maria …" -> the live mention feed (startMentionFeed) -> ingestMentions -> onArrive.
//     task: admin PATCHes Maria's T-2 -> refresh() -> onArrive. run: appendRunEvents(run.settled) on a
//     watched run -> refresh() -> onArrive. The local service rings its doorbell (a content-free
//     wake) only for posted messages (emulator/realtime/module.ts): a task change or a run event
//     rings nothing, so a face learns of them on its interval (INBOX_REFRESH_MS) unless another cue
//     comes. Here refresh() is called the moment the write is answered, as a face does on a cue: the
//     figure is the inbox's own part (read, compare, store, announce), not the wait for a cue.
// (b) idle requests per hour of one session: interval refreshes counted over 20 intervals of 250 ms
//     and scaled to the real interval; the live mention feed's requests counted over 10 s idle with
//     1 s long-polls and scaled to the real hold (LIMITS.waitMsMax).
// (c) memory: the store filled to 10,000 items (the cap: 2,000 per source, 5 sources), then opened
//     and listed through a session; the heap after a GC, before and after, and the process's RSS.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, INBOX_REFRESH_MS, inboxPath, InboxSession, LIMITS, MemoryCursorStore, startMentionFeed, type InboxArrival, type InboxItem, type InboxSource, type OfflineAccount } from '../shared/index';
import { InboxStore } from '../shared/inbox-store';
import type { Fixture } from '../emulator/fixture';
import type { BenchResult } from './types';
import { startService, type BenchService } from './support/service';
import { load1, nowMs, percentile, round } from './support/stats';

const MARIA = { token: 'hpt_member_rw', userId: 'a0000000-0000-4000-8000-000000000003', name: 'Maria Member', handle: 'maria', workspaceId: '11111111-1111-4111-8111-111111111111' };
const ADMIN = 'hpt_admin_all';
const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const SAMPLES = 40;
const WARMUP = 5;
const runId = (i: number) => `b0000000-0000-4000-8000-0000000${String(10_000 + i).padStart(5, '0')}`;

function fixture(): Fixture {
  const base = JSON.parse(readFileSync(join(process.cwd(), 'test', 'fixtures', 'basic.json'), 'utf8')) as Fixture & { runs: unknown[] };
  const runs = Array.from({ length: SAMPLES + WARMUP }, (_, i) => ({
    id: runId(i),
    channel_id: GENERAL,
    requester_id: MARIA.userId,
    agent_id: 'a9000000-0000-4000-8000-000000000001',
    status: 'running',
    started_at: '2026-11-21T08:00:00.000000Z',
    events: [{ name: 'run.started', runtime: 'claude', lane: 'main', payload: { prompt_summary: `bench run ${i}` } }],
  }));
  return { ...base, runs: [...base.runs, ...runs], limits: { requestsPerWindow: 1_000_000_000, windowMs: 60_000 } } as Fixture;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function newSession(url: string, root: string, extra: { refreshEveryMs?: number } = {}): InboxSession {
  const account: OfflineAccount = { serviceUrl: url, workspaceId: MARIA.workspaceId, userId: MARIA.userId };
  return new InboxSession({
    root,
    account,
    me: MARIA,
    client: new Client({ baseUrl: url, token: MARIA.token, clientName: 'bench-inbox' }),
    openStore: async (path) => InboxStore.open(path),
    mentionsFromFeed: true,
    ...extra,
  });
}

/** Counts every method call on the client (one request each) and passes it through. */
function counted(client: Client): { client: Client; calls: () => number } {
  let calls = 0;
  const proxy = new Proxy(client, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (prop !== 'close' && prop !== 'onServiceNotice') calls += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { client: proxy, calls: () => calls };
}

interface Latencies {
  mention: number[];
  peer: number[];
  task: number[];
  run: number[];
}

async function latencies(service: BenchService): Promise<Latencies> {
  const root = mkdtempSync(join(tmpdir(), 'wsc-bench-inbox-'));
  const session = newSession(service.url, root);
  const maria = new Client({ baseUrl: service.url, token: MARIA.token, clientName: 'bench-inbox-feed' });
  const admin = new Client({ baseUrl: service.url, token: ADMIN, clientName: 'bench-inbox-writer' });
  let waiter: { match: (i: InboxItem) => boolean; resolve: (t: number) => void } | undefined;
  const arrival = (match: (i: InboxItem) => boolean) => new Promise<number>((resolve) => (waiter = { match, resolve }));
  // The bare peer: a raw long-poll loop on the mentions endpoint, nothing else.
  const peerWaiters = new Map<string, (t: number) => void>();
  let stopping = false;
  const peer = (async () => {
    let since = new Date().toISOString();
    while (!stopping) {
      try {
        const res = await fetch(`${service.url}/api/v1/me/mentions?wait_ms=5000&limit=50&since=${encodeURIComponent(since)}`, { headers: { authorization: `Bearer ${MARIA.token}` } });
        const body = (await res.json()) as { mentions: { body: string; created_at: string }[] };
        const t = nowMs();
        for (const m of body.mentions) {
          peerWaiters.get(m.body)?.(t);
          if (m.created_at > since) since = m.created_at;
        }
      } catch {
        await sleep(50);
      }
    }
  })();
  const feed = startMentionFeed({ client: maria, cursorStore: new MemoryCursorStore<string>(new Date().toISOString()), onCue: () => void session.refresh().catch(() => undefined) });
  const feeding = (async () => {
    for await (const event of feed.watcher.events()) if (event.type === 'mention') await session.ingestMentions([event.row]);
  })();
  session.onArrive((items) => {
    const t = nowMs();
    const w = waiter;
    if (w && items.some(w.match)) {
      waiter = undefined;
      w.resolve(t);
    }
  });
  const result: Latencies = { mention: [], peer: [], task: [], run: [] };
  try {
    await session.open();
    await session.refresh(); // the first look: the baseline of Maria's tasks
    await sleep(500); // the feed's first long-poll open
    for (let i = 0; i < SAMPLES + WARMUP; i++) {
      const keep = i >= WARMUP;
      // mention: the same post timed by the inbox and by the bare peer
      const body = `@maria inbox bench ${i}`;
      const seenByPeer = new Promise<number>((resolve) => peerWaiters.set(body, resolve));
      const seenByInbox = arrival((it) => it.title === body);
      const t0 = nowMs();
      await admin.postMessage(GENERAL, { body });
      const [inboxAt, peerAt] = await Promise.all([seenByInbox, seenByPeer]);
      peerWaiters.delete(body);
      if (keep) {
        result.mention.push(inboxAt - t0);
        result.peer.push(peerAt - t0);
      }
      await sleep(20);
      // task: someone else changes Maria's task; refreshed as on a cue
      const seenTask = arrival((it) => it.id === 'task:T-2');
      const t1 = nowMs();
      await admin.patchTask('T-2', { priority: i % 2 === 0 ? 2 : 3 });
      await session.refresh();
      const taskAt = await seenTask;
      if (keep) result.task.push(taskAt - t1);
      await session.mark(['task:T-2'], 'read'); // read: its next change is announced again
      // run: a watched run settles; refreshed as on a cue
      const id = runId(i);
      await session.watchRun(id, `bench run ${i}`);
      await session.refresh();
      const seenRun = arrival((it) => it.id === `run:${id}:settled`);
      const t2 = nowMs();
      await service.control('POST', `/runs/${encodeURIComponent(id)}/events`, { events: [{ name: 'run.settled', runtime: 'claude', lane: 'main', payload: { status: 'succeeded', summary: `done ${i}` } }] });
      await session.refresh();
      const runAt = await seenRun;
      if (keep) result.run.push(runAt - t2);
      await sleep(20);
    }
    return result;
  } finally {
    stopping = true;
    await feed.stop();
    await feeding.catch(() => undefined);
    await session.close();
    await peer.catch(() => undefined);
    await maria.close();
    await admin.close();
    rmSync(root, { recursive: true, force: true });
  }
}

async function idleRequests(service: BenchService): Promise<{ refreshPerHour: number; perRefresh: number; feedPerHour: number; feedCalls: number }> {
  const root = mkdtempSync(join(tmpdir(), 'wsc-bench-inbox-idle-'));
  const INTERVAL = 250;
  const TICKS = 20;
  const session = newSession(service.url, root, { refreshEveryMs: INTERVAL });
  try {
    await session.open();
    await session.refresh();
    await sleep(50);
    const before = session.requests;
    session.start(); // refreshes at once, then every INTERVAL
    await sleep(INTERVAL * TICKS + INTERVAL / 2);
    const perRefresh = (session.requests - before) / (TICKS + 1);
    // The feed: idle, it holds one long-poll at a time (plus the doorbell's coordinates).
    const { client, calls } = counted(new Client({ baseUrl: service.url, token: MARIA.token, clientName: 'bench-inbox-idle' }));
    const SECONDS = 10;
    const feed = startMentionFeed({ client, cursorStore: new MemoryCursorStore<string>(new Date().toISOString()), waitMs: 1000 });
    const events = (async () => {
      for await (const event of feed.watcher.events()) void event;
    })();
    await sleep(SECONDS * 1000);
    const feedCalls = calls();
    await feed.stop();
    await events.catch(() => undefined);
    await client.close();
    return {
      perRefresh,
      refreshPerHour: perRefresh * (3_600_000 / INBOX_REFRESH_MS),
      feedCalls,
      feedPerHour: (feedCalls / SECONDS) * 3600 * (1000 / LIMITS.waitMsMax),
    };
  } finally {
    await session.close();
    rmSync(root, { recursive: true, force: true });
  }
}

function arrivalsOf(n: number): InboxArrival[] {
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
  const out: InboxArrival[] = [];
  const sources: InboxSource[] = ['mention', 'dm', 'task', 'run', 'outbox'];
  for (const source of sources) {
    for (let i = 0; i < n; i++) {
      const key = `${source}-${i}`;
      const target: InboxArrival['target'] =
        source === 'task' ? { kind: 'task', ref: `T-${i}` } : source === 'run' ? { kind: 'run', runId: key } : source === 'outbox' ? { kind: 'outbox', entryId: i + 1 } : { kind: 'message', channelId: GENERAL, messageId: key };
      out.push({ id: `${source}:${key}`, source, title: `Item ${i} of ${source}: a line about what happened, long enough to look like one`, who: 'Adam Admin', where: '#general', at: at(i), target });
    }
  }
  return out;
}

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

async function memory(): Promise<{ heapMiB: number; rssMiB: number; listMs: number; count: number }> {
  const root = mkdtempSync(join(tmpdir(), 'wsc-bench-inbox-mem-'));
  const url = 'http://inbox.bench';
  const store = InboxStore.open(inboxPath(root, { serviceUrl: url, workspaceId: MARIA.workspaceId, userId: MARIA.userId }));
  store.arrive(arrivalsOf(2_000));
  store.close();
  gc();
  await sleep(50);
  gc();
  const before = process.memoryUsage();
  const session = newSession(url, root);
  const t0 = nowMs();
  await session.open();
  const items = session.items({ done: true });
  const listMs = nowMs() - t0;
  gc();
  await sleep(50);
  gc();
  const after = process.memoryUsage();
  const count = items.length;
  await session.close();
  rmSync(root, { recursive: true, force: true });
  return { heapMiB: (after.heapUsed - before.heapUsed) / 2 ** 20, rssMiB: after.rss / 2 ** 20, listMs, count };
}

export async function run(): Promise<BenchResult[]> {
  const service = await startService(fixture());
  let lat: Latencies;
  let idle: Awaited<ReturnType<typeof idleRequests>>;
  try {
    lat = await latencies(service);
    idle = await idleRequests(service);
  } finally {
    await service.stop();
  }
  const mem = await memory();
  const load = load1();
  const peerP95 = percentile(lat.peer, 95);
  const limit = peerP95 + 100;
  const peer = { name: 'bare long-poll peer p95 (raw GET /me/mentions?wait_ms loop, same posts)', value: round(peerP95), unit: 'ms' };
  const goal = `<= peer p95 + 100 ms (${round(limit)} ms)`;
  const figure = (name: string, samples: number[]): BenchResult => {
    const p95 = percentile(samples, 95);
    return { name, value: round(p95), unit: 'ms', reference: peer, goal, met: p95 <= limit, load1: load };
  };
  return [
    figure(`inbox mention latency p95 (admin's post sent -> live feed -> ingestMentions -> onArrive; ${SAMPLES} samples)`, lat.mention),
    figure(`inbox task latency p95 (PATCH of Maria's task by the admin sent -> refresh() as on a cue -> onArrive; the local service rings no doorbell for it; ${SAMPLES} samples)`, lat.task),
    figure(`inbox run latency p95 (run.settled appended to a watched run -> refresh() as on a cue -> onArrive; no doorbell rings for it either; ${SAMPLES} samples)`, lat.run),
    { name: `bare long-poll peer p50 (the mention path without the inbox; ${SAMPLES} samples)`, value: round(percentile(lat.peer, 50)), unit: 'ms', reference: { name: 'inbox mention p50', value: round(percentile(lat.mention, 50)), unit: 'ms' }, load1: load },
    {
      name: `inbox idle requests per hour, interval refreshes (${round(idle.perRefresh)} per refresh measured over 20 refreshes at 250 ms, x ${3_600_000 / INBOX_REFRESH_MS} refreshes/h at ${INBOX_REFRESH_MS / 1000} s; no run watched; mentions come from the feed)`,
      value: round(idle.refreshPerHour, 0),
      unit: 'requests/h',
      load1: load,
    },
    {
      name: `inbox idle requests per hour, its live mention feed (${idle.feedCalls} calls in 10 s idle with 1 s long-polls, scaled to ${LIMITS.waitMsMax / 1000} s holds)`,
      value: round(idle.feedPerHour, 0),
      unit: 'requests/h',
      reference: { name: 'interval refreshes per hour (above)', value: round(idle.refreshPerHour, 0), unit: 'requests/h' },
      load1: load,
    },
    {
      name: `inbox memory: heap after opening and listing ${mem.count.toLocaleString('en')} items through a session (after GC, delta)`,
      value: round(mem.heapMiB),
      unit: 'MiB',
      // RSS after GC barely moves here (SQLite's WebAssembly memory grew when this process filled the store): the process's RSS as it stands is the plainer figure.
      reference: { name: 'process RSS with the items listed', value: round(mem.rssMiB), unit: 'MiB' },
      load1: load,
    },
    { name: `inbox open + list of ${mem.count.toLocaleString('en')} items (session.open() and items())`, value: round(mem.listMs), unit: 'ms', load1: load },
  ];
}
