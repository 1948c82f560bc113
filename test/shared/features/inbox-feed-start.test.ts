// The inbox feed's first moments: a rejected token at start stops everything and asks for a new one;
// a first run remembers the newest row it showed, so those rows are not announced again later.
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryCursorStore, type CursorStore } from '../../../shared/config/cursor-store';
import { startInboxFeed } from '../../../shared/live/inbox-feed';
import { MentionInbox } from '../../../shared/live/mention-inbox';
import { startEmulator } from '../../support/emulator';
import { clientFor, MARIA_TOKEN } from '../support/clients';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function maria(token = MARIA_TOKEN) {
  const emu = await startEmulator();
  const client = clientFor(emu.url, token, { retry: { maxAttempts: 1 } });
  cleanups.push(() => emu.stop(), () => client.close());
  return client;
}

describe('startInboxFeed: its first moments', () => {
  it('a token rejected while loading the first rows asks for a new one, and no feed runs', async () => {
    const client = await maria('hpt_revoked');
    const told: string[] = [];
    const feed = startInboxFeed({
      client,
      cursorStore: new MemoryCursorStore<string>(),
      inbox: new MentionInbox(),
      doorbell: false,
      onUnauthorized: () => void told.push('unauthorized'),
      onSeedError: () => void told.push('seed error'),
      onStatus: (s) => void told.push(`status ${s}`),
    });
    cleanups.push(() => feed.stop());
    await feed.ready;
    await new Promise((r) => setTimeout(r, 100));
    expect(told).toEqual(['unauthorized']);
  });

  it('a first run remembers the newest row it showed as where the feed goes on from', async () => {
    const client = await maria();
    const store = new MemoryCursorStore<string>();
    const newest = (await client.mentions({ limit: 1 })).mentions[0]!.created_at;
    const feed = startInboxFeed({ client, cursorStore: store, inbox: new MentionInbox(), doorbell: false });
    cleanups.push(() => feed.stop());
    await feed.ready;
    expect(store.saved[0]).toBe(newest);
  });

  it('a first run with a starting point, or a store it cannot read, saves nothing of its own', async () => {
    const client = await maria();
    const newest = (await client.mentions({ limit: 1 })).mentions[0]!.created_at;
    const store = new MemoryCursorStore<string>();
    const feed = startInboxFeed({ client, cursorStore: store, inbox: new MentionInbox(), doorbell: false, startAt: '2026-01-01T00:00:00.000000Z' });
    cleanups.push(() => feed.stop());
    await feed.ready;
    await feed.stop();
    // The starting point wins: the feed goes on from it (oldest first), not from the newest row shown.
    expect(store.saved[0]).not.toBe(newest);
    const broken: CursorStore<string> = { load: () => Promise.reject(new Error('disk gone')), save: () => Promise.reject(new Error('disk full')) };
    const second = startInboxFeed({ client, cursorStore: broken, inbox: new MentionInbox(), doorbell: false });
    cleanups.push(() => second.stop());
    await expect(second.ready).resolves.toBeUndefined();
  });
});
