// The inbox feed as a person sees it across restarts: what was shown before is not announced again,
// what arrived while away is all shown, a brief failure at start does not end the feed, and stop stops.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryCursorStore } from '../../../shared/config/cursor-store';
import type { MentionRow } from '../../../shared/contract';
import { startInboxFeed } from '../../../shared/live/inbox-feed';
import { MentionInbox } from '../../../shared/live/mention-inbox';
import type { WatcherState } from '../../../shared/live/mention-watcher';
import { loadFixture, startEmulator, type TestEmulator } from '../../support/emulator';
import { clientFor, GENERAL_CHANNEL, MARIA_TOKEN, OWNER_TOKEN, until } from '../support/clients';
import { fixedRandom } from '../support/fakes';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

const ids = (rows: readonly MentionRow[]) => rows.map((r) => r.id);

async function service(): Promise<TestEmulator> {
  const emu = await startEmulator();
  cleanups.push(() => emu.stop());
  return emu;
}

/**
 * The service's address as the client sees it, on a loopback forwarder that can be switched off: while
 * down it resets every connection (the service unreachable), while up it forwards to the service.
 */
async function switchableRoute(target: string): Promise<{ url: string; up: boolean; close(): Promise<void> }> {
  const { hostname, port } = new URL(target);
  const open = new Set<Socket>();
  const server = createServer((inbound) => {
    open.add(inbound);
    inbound.on('close', () => open.delete(inbound));
    if (!route.up) {
      inbound.resetAndDestroy();
      return;
    }
    const outbound = connect(Number(port), hostname);
    inbound.pipe(outbound).pipe(inbound);
    inbound.on('error', () => outbound.destroy());
    outbound.on('error', () => inbound.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const route = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    up: true,
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return route;
}

describe('startInboxFeed after a long absence', () => {
  it('honours the saved cursor: every mention made while away is shown, none announced twice', async () => {
    const emu = await service();
    const maria = clientFor(emu.url, MARIA_TOKEN);
    const owner = clientFor(emu.url, OWNER_TOKEN);
    cleanups.push(() => maria.close(), () => owner.close());
    // Where the last session stopped: the newest mention it had shown.
    const before = (await maria.mentions({ limit: 1 })).mentions;
    const store = new MemoryCursorStore<string>();
    if (before[0]) await store.save(before[0].created_at);

    const offline: string[] = [];
    for (let i = 0; i < 60; i++) offline.push((await owner.postMessage(GENERAL_CHANNEL, { body: `@maria while away ${i}` })).id);

    const inbox = new MentionInbox();
    const announced: string[] = [];
    const feed = startInboxFeed({ client: maria, cursorStore: store, inbox, doorbell: false, onNewMention: (row) => void announced.push(row.id) });
    cleanups.push(() => feed.stop());
    await feed.ready;
    const seeded = ids(inbox.rows());
    // The newest page (a service may send a shorter page than asked: the latitude variant does).
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.length).toBeLessThanOrEqual(50);

    await until(() => offline.every((id) => ids(inbox.rows()).includes(id)), 15_000, 'every mention made while away in the inbox');
    // Only the ones the seed did not show are announced, each once.
    const notSeeded = offline.filter((id) => !seeded.includes(id));
    expect(notSeeded.length).toBeGreaterThanOrEqual(10);
    await until(() => announced.length >= notSeeded.length, 5_000, 'the unseen mentions announced');
    expect([...announced].sort()).toEqual([...notSeeded].sort());
  });
});

describe('startInboxFeed at start', () => {
  it('a brief failure loading the first rows is reported as such, and the feed still runs', async () => {
    const emu = await service();
    const maria = clientFor(emu.url, MARIA_TOKEN, { retry: { maxAttempts: 1 } });
    const owner = clientFor(emu.url, OWNER_TOKEN);
    cleanups.push(() => maria.close(), () => owner.close());
    await emu.control.faults({ fail500: 1, pathPattern: '*mentions*' });

    const seedErrors: unknown[] = [];
    const unauthorized: unknown[] = [];
    const announced: string[] = [];
    const inbox = new MentionInbox();
    const feed = startInboxFeed({
      client: maria,
      cursorStore: new MemoryCursorStore<string>(),
      inbox,
      doorbell: false,
      backoff: { baseMs: 10, maxMs: 50 },
      onSeedError: (e) => seedErrors.push(e),
      onUnauthorized: (e) => unauthorized.push(e),
      onNewMention: (row) => void announced.push(row.id),
    });
    cleanups.push(() => feed.stop());
    await feed.ready;
    expect(seedErrors).toEqual([expect.objectContaining({ status: 500 })]);

    const { id } = await owner.postMessage(GENERAL_CHANNEL, { body: '@maria after a failed start' });
    await until(() => announced.includes(id), 15_000, 'the new mention announced');
    expect(unauthorized).toEqual([]);
  });
});

describe('startInboxFeed stop', () => {
  it('stop() ends the feed: its last status is stopped', async () => {
    const emu = await service();
    const maria = clientFor(emu.url, MARIA_TOKEN);
    cleanups.push(() => maria.close());
    const states: WatcherState[] = [];
    const feed = startInboxFeed({ client: maria, cursorStore: new MemoryCursorStore<string>(), inbox: new MentionInbox(), doorbell: false, onStatus: (s) => void states.push(s) });
    cleanups.push(() => feed.stop());
    await feed.ready;
    await until(() => states.includes('live'), 10_000, 'the feed live');
    await feed.stop();
    expect(states.at(-1)).toBe('stopped');
  });

  it('stop() before the first rows arrive: nothing enters the inbox and no feed starts', async () => {
    const emu = await service();
    const maria = clientFor(emu.url, MARIA_TOKEN);
    cleanups.push(() => maria.close());
    const states: WatcherState[] = [];
    const inbox = new MentionInbox();
    const store = new MemoryCursorStore<string>();
    const calls: string[] = [];
    const feed = startInboxFeed({
      client: maria,
      cursorStore: store,
      inbox,
      doorbell: false,
      onStatus: (s) => void states.push(s),
      onSeed: () => void calls.push('seed'),
      onSeedError: () => void calls.push('seed error'),
    });
    cleanups.push(() => feed.stop());
    await feed.stop();
    await feed.ready;
    expect(inbox.rows()).toEqual([]);
    expect(states).toEqual([]);
    expect(calls).toEqual([]);
    expect(await store.load()).toBeUndefined();
  });

  it('stop() while the first rows are being taken in: they are not shown and no feed starts', async () => {
    const emu = await service();
    const maria = clientFor(emu.url, MARIA_TOKEN);
    cleanups.push(() => maria.close());
    const states: WatcherState[] = [];
    const inbox = new MentionInbox();
    const feed = startInboxFeed({
      client: maria,
      cursorStore: new MemoryCursorStore<string>(),
      inbox,
      doorbell: false,
      onStatus: (s) => void states.push(s),
      onSeed: () => void feed.stop(),
    });
    cleanups.push(() => feed.stop());
    await feed.ready;
    expect(inbox.rows()).toEqual([]);
    expect(states).toEqual([]);
  });

  it('stop() when loading the first rows failed: no feed starts', async () => {
    const emu = await service();
    const maria = clientFor(emu.url, MARIA_TOKEN, { retry: { maxAttempts: 1 } });
    cleanups.push(() => maria.close());
    await emu.control.faults({ fail500: 1, pathPattern: '*mentions*' });
    const states: WatcherState[] = [];
    const feed = startInboxFeed({
      client: maria,
      cursorStore: new MemoryCursorStore<string>(),
      inbox: new MentionInbox(),
      doorbell: false,
      onStatus: (s) => void states.push(s),
      onSeedError: () => void feed.stop(),
    });
    cleanups.push(() => feed.stop());
    await feed.ready;
    expect(states).toEqual([]);
  });
});

describe('startInboxFeed with only the callbacks a face needs', () => {
  it('no callbacks at all: a 401 at start ends quietly', async () => {
    const emu = await service();
    const revoked = clientFor(emu.url, 'hpt_revoked');
    cleanups.push(() => revoked.close());
    const feed = startInboxFeed({ client: revoked, cursorStore: new MemoryCursorStore<string>(), inbox: new MentionInbox(), doorbell: false });
    cleanups.push(() => feed.stop());
    await expect(feed.ready).resolves.toBeUndefined();
  });

  it('no callbacks at all: a failed start, then new mentions still fill the inbox', async () => {
    const emu = await service();
    const maria = clientFor(emu.url, MARIA_TOKEN, { retry: { maxAttempts: 1 } });
    const owner = clientFor(emu.url, OWNER_TOKEN);
    cleanups.push(() => maria.close(), () => owner.close());
    await emu.control.faults({ fail500: 1, pathPattern: '*mentions*' });
    const inbox = new MentionInbox();
    const feed = startInboxFeed({ client: maria, cursorStore: new MemoryCursorStore<string>(), inbox, doorbell: false, backoff: { baseMs: 10, maxMs: 50 } });
    cleanups.push(() => feed.stop());
    await expect(feed.ready).resolves.toBeUndefined();
    const { id } = await owner.postMessage(GENERAL_CHANNEL, { body: '@maria with no announcer' });
    await until(() => ids(inbox.rows()).includes(id), 15_000, 'the new mention in the inbox');
  });

  it('retryNow() while reconnecting polls at once instead of after the backoff', async () => {
    const emu = await service();
    const maria = clientFor(emu.url, MARIA_TOKEN, { retry: { maxAttempts: 1 } });
    const owner = clientFor(emu.url, OWNER_TOKEN);
    cleanups.push(() => maria.close(), () => owner.close());
    const states: WatcherState[] = [];
    const inbox = new MentionInbox();
    // The first rows and the feed's first poll fail: the feed waits out a long backoff.
    await emu.control.faults({ fail500: 2, pathPattern: '*mentions*' });
    const feed = startInboxFeed({
      client: maria,
      cursorStore: new MemoryCursorStore<string>(),
      inbox,
      doorbell: false,
      // The jitter's top end: a short draw would let the next poll go out without retryNow.
      random: fixedRandom(0.999),
      backoff: { baseMs: 600_000, maxMs: 600_000 },
      onStatus: (s) => void states.push(s),
    });
    feed.retryNow();
    cleanups.push(() => feed.stop());
    await feed.ready;
    await until(() => states.includes('reconnecting'), 15_000, 'the feed reconnecting');
    const { id } = await owner.postMessage(GENERAL_CHANNEL, { body: '@maria while reconnecting' });
    feed.retryNow();
    await until(() => ids(inbox.rows()).includes(id), 15_000, 'the mention after retryNow');
  });
  it('retryNow() once the service is reachable again: the feed polls at once, not after the backoff, and shows what came meanwhile', async () => {
    const emu = await service();
    const route = await switchableRoute(emu.url);
    cleanups.push(() => route.close());
    const maria = clientFor(route.url, MARIA_TOKEN, { retry: { maxAttempts: 1 } });
    const owner = clientFor(emu.url, OWNER_TOKEN);
    cleanups.push(() => maria.close(), () => owner.close());
    const states: WatcherState[] = [];
    const waits: number[] = [];
    const inbox = new MentionInbox();
    route.up = false;
    const feed = startInboxFeed({
      client: maria,
      cursorStore: new MemoryCursorStore<string>(),
      inbox,
      doorbell: false,
      // The jitter's top end: each wait between failed polls is close to ten minutes.
      random: fixedRandom(0.999),
      backoff: { baseMs: 600_000, maxMs: 600_000 },
      onStatus: (s) => void states.push(s),
      onError: (_e, retryInMs) => void waits.push(retryInMs),
    });
    cleanups.push(() => feed.stop());
    await feed.ready;
    await until(() => states.includes('reconnecting'), 15_000, 'the feed reconnecting while the service is unreachable');
    expect(waits[0]).toBeGreaterThan(500_000);

    const { id } = await owner.postMessage(GENERAL_CHANNEL, { body: '@maria while the service was out of reach' });
    route.up = true;
    feed.retryNow();
    await until(() => ids(inbox.rows()).includes(id), 15_000, 'the mention made while unreachable, after retryNow');
    expect(states.at(-1)).toBe('live');
  });
});

describe('startInboxFeed and the saved cursor', () => {
  it('with a start time given, the cursor store is left alone', async () => {
    const emu = await service();
    const maria = clientFor(emu.url, MARIA_TOKEN);
    cleanups.push(() => maria.close());
    const store = new MemoryCursorStore<string>();
    const feed = startInboxFeed({ client: maria, cursorStore: store, inbox: new MentionInbox(), doorbell: false, startAt: '2099-01-01T00:00:00.000000Z' });
    cleanups.push(() => feed.stop());
    await feed.ready;
    expect(await store.load()).toBeUndefined();
  });

  it('an unreadable cursor store does not keep the inbox from filling', async () => {
    const emu = await service();
    const maria = clientFor(emu.url, MARIA_TOKEN);
    cleanups.push(() => maria.close());
    const inbox = new MentionInbox();
    const broken = { load: () => Promise.reject(new Error('disk gone')), save: () => Promise.reject(new Error('disk gone')) };
    const feed = startInboxFeed({ client: maria, cursorStore: broken, inbox, doorbell: false, seedSize: 2 });
    cleanups.push(() => feed.stop());
    await feed.ready;
    expect(inbox.rows().length).toBeGreaterThan(0);
    expect(inbox.rows().length).toBeLessThanOrEqual(2);
  });
});

describe('startInboxFeed for a person nobody has mentioned yet', () => {
  it('starts without an error and without a cursor, then shows the first mention', async () => {
    const fixture = loadFixture();
    fixture.messages = [];
    const emu = await startEmulator({ fixture });
    cleanups.push(() => emu.stop());
    const maria = clientFor(emu.url, MARIA_TOKEN);
    const owner = clientFor(emu.url, OWNER_TOKEN);
    cleanups.push(() => maria.close(), () => owner.close());
    const store = new MemoryCursorStore<string>();
    const saved: Array<string | undefined> = [];
    const recording = { load: () => store.load(), save: (v: string) => (saved.push(v), store.save(v)) };
    const seedErrors: unknown[] = [];
    const inbox = new MentionInbox();
    const feed = startInboxFeed({ client: maria, cursorStore: recording, inbox, doorbell: false, onSeedError: (e) => seedErrors.push(e) });
    cleanups.push(() => feed.stop());
    await feed.ready;
    expect(seedErrors).toEqual([]);
    expect(inbox.rows()).toEqual([]);
    expect(saved).toEqual([]);
    const { id } = await owner.postMessage(GENERAL_CHANNEL, { body: '@maria first' });
    await until(() => ids(inbox.rows()).includes(id), 15_000, 'the first mention in the inbox');
  });
});
