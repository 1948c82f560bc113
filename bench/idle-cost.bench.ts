// Idle cost: alice's mention feed (long-poll + realtime doorbell) idles for 2 real minutes while
// nothing is posted; every HTTP request reaching the service is counted there (a listener on the
// service's own HTTP server). Counting starts once the feed is live and its first long-poll is open.
import { createEmulator } from '../emulator/server';
import { Client, MemoryCursorStore, startMentionFeed } from '../shared/index';
import type { BenchResult } from './types';
import { BENCH_TOKENS, benchFixture } from './support/fixture';
import { round } from './support/stats';

const IDLE_MS = 120_000;

export async function run(): Promise<BenchResult[]> {
  const service = await createEmulator({ fixture: benchFixture() });
  const paths: string[] = [];
  let upgrades = 0;
  service.server.on('request', (req) => paths.push(new URL(req.url ?? '/', 'http://x').pathname));
  service.server.on('upgrade', () => (upgrades += 1));
  const alice = new Client({ baseUrl: service.url, token: BENCH_TOKENS.alice, clientName: 'bench-idle' });
  const feed = startMentionFeed({ client: alice, cursorStore: new MemoryCursorStore<string>() });
  let doorbell = 'not subscribed';
  const consumed = (async () => {
    for await (const event of feed.watcher.events()) {
      if (event.type === 'error') console.error('idle-cost: watcher error', event.error);
    }
  })();
  try {
    // Let the start-up settle: catch-up call, wake coordinates, websocket join, first long-poll.
    await new Promise((r) => setTimeout(r, 3_000));
    doorbell = upgrades > 0 ? 'subscribed' : 'not subscribed';
    const before = paths.length;
    const upgradesBefore = upgrades;
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const counted = paths.slice(before);
    const perMinute = counted.length / (IDLE_MS / 60_000);
    const byPath = new Map<string, number>();
    for (const p of counted) byPath.set(p, (byPath.get(p) ?? 0) + 1);
    console.error(`idle-cost: ${counted.length} requests in ${IDLE_MS / 1000} s: ${JSON.stringify(Object.fromEntries(byPath))}; doorbell ${doorbell}; websocket (re)connects ${upgrades - upgradesBefore}`);
    return [
      {
        name: 'idle cost: HTTP requests per minute (watcher + doorbell idle, 2 min)',
        value: round(perMinute),
        unit: 'req/min',
        reference: { name: 'websocket reconnects in the window', value: upgrades - upgradesBefore, unit: 'count' },
        goal: '<= 3',
        met: perMinute <= 3,
      },
    ];
  } finally {
    await feed.stop();
    await consumed;
    await alice.close();
    await service.close();
  }
}
