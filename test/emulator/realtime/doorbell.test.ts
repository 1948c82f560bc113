// The Doorbell against the real realtime hub: reconnects re-fetch coordinates and re-subscribe
// (a cue each time), and stop() leaves no sockets or timers behind.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { RealtimeHub } from '../../../emulator/realtime/hub';
import { WakeTopics } from '../../../emulator/realtime/topics';
import type { WakeCoordinates } from '../../../shared/contract';
import { Doorbell, type DoorbellCue } from '../../../shared/live/doorbell';

const ANON = 'anon-doorbell';
const OWNER = { workspaceId: 'w1', personId: 'p1' };
let server: Server;
let hub: RealtimeHub;
let topics: WakeTopics;
let url: string;

function newHub(): RealtimeHub {
  const h = new RealtimeHub({ anonKey: ANON, resolveTopic: (t) => topics.resolve(t) });
  h.attach(server);
  return h;
}

beforeEach(async () => {
  topics = new WakeTopics({ refreshMs: 60_000, now: () => Date.now() });
  server = createServer((_q, r) => r.writeHead(404).end());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`; // an http URL: /realtime/v1 is appended
  hub = newHub();
});
afterEach(async () => {
  hub.close();
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

const coordinates = async (): Promise<WakeCoordinates> => ({ url, anonKey: ANON, topic: topics.issue(OWNER), event: 'wake', refreshMs: 60_000 });

async function until(check: () => boolean, what: string, ms = 8_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

it('re-fetches coordinates and re-subscribes after the socket drops', async () => {
  let fetches = 0;
  const cues: DoorbellCue[] = [];
  const bell = new Doorbell({
    minRefetchGapMs: 0,
    fetchCoordinates: () => {
      fetches += 1;
      return coordinates();
    },
    onCue: (c) => cues.push(c),
  });
  bell.start();
  try {
    await until(() => cues.includes('subscribed'), 'subscribed');
    expect(fetches).toBe(1);
    hub.close(); // every socket terminated, as when the service restarts
    hub = newHub();
    await until(() => cues.filter((c) => c === 'subscribed').length >= 2, 'subscribed again after reconnect');
    expect(fetches).toBeGreaterThanOrEqual(2);
    hub.wakeWorkspace('w1');
    await until(() => cues.includes('wake'), 'a wake after reconnect');
  } finally {
    await bell.stop();
  }
});

it('stop() closes the socket and leaves no timers behind', async () => {
  const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
  const cues: DoorbellCue[] = [];
  const bell = new Doorbell({ fetchCoordinates: coordinates, onCue: (c) => cues.push(c) });
  bell.start();
  await until(() => cues.includes('subscribed'), 'subscribed');
  expect(hub.stats().connections).toBe(1);
  await bell.stop();
  await until(() => hub.stats().connections === 0, 'the server to see the socket close');
  // The client's own disconnect() would leave a 10 s timer; the Doorbell's stop() leaves none.
  expect(timers()).toBe(0);
});
