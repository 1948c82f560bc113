// The one mention inbox (shared/live/mention-inbox.ts) and how it is filled at start
// (shared/live/inbox-feed.ts), against the local service.
import { TWIN_ONLY } from '../../support/variant';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryCursorStore } from '../../../shared/config/cursor-store';
import type { MentionRow } from '../../../shared/contract';
import { startInboxFeed } from '../../../shared/live/inbox-feed';
import { MentionInbox } from '../../../shared/live/mention-inbox';
import type { LiveCue } from '../../../shared/live/waker';
import { startEmulator } from '../../support/emulator';
import { clientFor, GENERAL_CHANNEL, MARIA_TOKEN, mentionRow, OWNER_TOKEN, until } from '../support/clients';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

const ids = (rows: readonly MentionRow[]) => rows.map((r) => r.id);

describe('MentionInbox', () => {
  it('keeps each message once, newest first by timestamp value (not by string), and says which rows were new', () => {
    const inbox = new MentionInbox();
    let changes = 0;
    inbox.onChange(() => (changes += 1));
    // As strings '…01Z' sorts after '…01.5Z' and '…T01:00:00.2+01:00' after '…T00:00:00.1Z'.
    const whole = mentionRow('whole', '2026-01-01T00:00:01Z');
    const half = mentionRow('half', '2026-01-01T00:00:01.5Z');
    const offset = mentionRow('offset', '2026-01-01T01:00:00.200+01:00');
    const early = mentionRow('early', '2026-01-01T00:00:00.100000Z');
    expect(ids(inbox.add([whole, early]))).toEqual(['whole', 'early']);
    expect(ids(inbox.add([half, whole, offset, half]))).toEqual(['half', 'offset']);
    expect(ids(inbox.rows())).toEqual(['half', 'whole', 'offset', 'early']);
    expect(inbox.newest()).toBe(half.created_at);
    expect(inbox.add([whole])).toEqual([]);
    expect(changes).toBe(2);
    inbox.clear();
    expect(inbox.rows()).toEqual([]);
  });

  it('holds at most `cap` rows; a row older than all of them is not reported as added', () => {
    const inbox = new MentionInbox(2);
    inbox.add([mentionRow('b', '2026-01-01T00:00:02Z'), mentionRow('c', '2026-01-01T00:00:03Z')]);
    expect(inbox.add([mentionRow('a', '2026-01-01T00:00:01Z')])).toEqual([]);
    expect(ids(inbox.add([mentionRow('d', '2026-01-01T00:00:04Z')]))).toEqual(['d']);
    expect(ids(inbox.rows())).toEqual(['d', 'c']);
  });
});

describe('startInboxFeed', () => {
  // Counts exact page sizes and positions of the default reading; the latitude variant's short
  // pages change them (test/shared/client/latitude.test.ts covers the client there).
  it.skipIf(TWIN_ONLY)('shows the newest rows at start, then announces only what the feed brings after them', async () => {
    const emu = await startEmulator();
    cleanups.push(() => emu.stop());
    const maria = clientFor(emu.url, MARIA_TOKEN);
    const owner = clientFor(emu.url, OWNER_TOKEN);
    cleanups.push(() => maria.close(), () => owner.close());
    const existing = (await maria.mentions({ limit: 2 })).mentions;
    expect(existing.length).toBe(2);

    const inbox = new MentionInbox();
    const store = new MemoryCursorStore<string>();
    const announced: string[] = [];
    const seeds: Array<string | undefined> = [];
    const cues: LiveCue[] = [];
    const feed = startInboxFeed({
      client: maria,
      cursorStore: store,
      inbox,
      seedSize: 2,
      onSeed: (newest) => void seeds.push(newest),
      onNewMention: (row) => void announced.push(row.id),
      onCue: (cue) => cues.push(cue),
    });
    cleanups.push(() => feed.stop());
    await feed.ready;
    expect(ids(inbox.rows())).toEqual(ids(existing));
    expect(seeds).toEqual([existing[0]?.created_at]);
    expect(await store.load()).toBe(existing[0]?.created_at);

    await until(() => cues.includes('subscribed'), 10_000, 'the doorbell subscribed');
    const { id } = await owner.postMessage(GENERAL_CHANNEL, { body: '@maria after the seed' });
    await until(() => announced.includes(id), 10_000, 'the new mention announced');
    expect(announced).toEqual([id]);
    expect(inbox.rows()[0]?.id).toBe(id);
    expect(cues).toContain('wake');
    await feed.stop();
  });

  it('a 401 at start reports unauthorized once and starts no feed', async () => {
    const emu = await startEmulator();
    cleanups.push(() => emu.stop());
    const revoked = clientFor(emu.url, 'hpt_revoked');
    cleanups.push(() => revoked.close());
    const unauthorized: unknown[] = [];
    const seedErrors: unknown[] = [];
    const feed = startInboxFeed({
      client: revoked,
      cursorStore: new MemoryCursorStore<string>(),
      inbox: new MentionInbox(),
      doorbell: false,
      onUnauthorized: (e) => unauthorized.push(e),
      onSeedError: (e) => seedErrors.push(e),
    });
    await feed.ready;
    await feed.stop();
    expect(unauthorized).toHaveLength(1);
    expect(seedErrors).toEqual([]);
  });
});
