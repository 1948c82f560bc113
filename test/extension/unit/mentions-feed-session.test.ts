// The mentions feed session without vscode (extension/mentions/feed-session.ts), against the local
// service over HTTP: one feed per sign-in, the newest start wins, sign-out stops it, 401 ends it.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../../shared/client';
import type { MentionRow } from '../../../shared/contract';
import { startInboxFeed, type InboxFeed } from '../../../shared/live/inbox-feed';
import type { LiveCue } from '../../../shared/live/waker';
import { silentLogger } from '../../../shared/logger';
import { accountMentionCursor } from '../../../shared/session/mention-cursor';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const WORKSPACE = '11111111-1111-4111-8111-111111111111';
const storeRoot = mkdtempSync(join(tmpdir(), 'wsc-feed-store-'));
import { MentionFeedSession, type FeedSessionDeps, type SignedInPerson } from '../../../extension/mentions/feed-session';
import { ReadMarkedInbox } from '../../../extension/mentions/inbox';
import { memoryStore, type MemoryKeyValueStore } from '../../support/memory-store';
import { startEmulator, type TestEmulator } from '../../support/emulator';

const MARIA = 'a0000000-0000-4000-8000-000000000003';
const GENERAL = 'c0000000-0000-4000-8000-000000000001';

let emu: TestEmulator;
const cleanups: Array<() => Promise<unknown> | unknown> = [];

beforeAll(async () => {
  emu = await startEmulator();
  return () => emu.stop();
});
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
  await emu.control.reset();
});

function clientFor(token: string): Client {
  const client = new Client({ baseUrl: emu.url, token, clientName: 'extension-unit' });
  cleanups.push(() => client.close());
  return client;
}

/** A promise with its resolve, for callbacks the test waits on. */
function signal<T = void>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

interface Recorded {
  session: MentionFeedSession;
  inbox: ReadMarkedInbox;
  store: MemoryKeyValueStore;
  /** Every feed the session started, in order, and whether it was stopped since. */
  feeds: Array<{ stopped: boolean }>;
  /** Resolves when the first feed was started (its first inbox load still under way). */
  firstFeed: Promise<void>;
  notified: MentionRow[];
  cues: LiveCue[];
  errors: Array<{ headline: string }>;
  events: string[];
  signIn(person: SignedInPerson | undefined): void;
}

function session(person: SignedInPerson | undefined, hooks: Partial<FeedSessionDeps> = {}): Recorded {
  const store = memoryStore();
  const inbox = new ReadMarkedInbox(store);
  let current = person;
  const firstFeed = signal();
  const rec: Omit<Recorded, 'session'> = { inbox, store, feeds: [], firstFeed: firstFeed.promise, notified: [], cues: [], errors: [], events: [], signIn: (p) => (current = p) };
  const startFeed = (options: Parameters<typeof startInboxFeed>[0]): InboxFeed => {
    const feed = startInboxFeed(options);
    const entry = { stopped: false };
    rec.feeds.push(entry);
    firstFeed.resolve();
    return {
      ready: feed.ready,
      retryNow: () => feed.retryNow(),
      stop: async () => {
        await feed.stop();
        entry.stopped = true;
      },
    };
  };
  const s = new MentionFeedSession({
    inbox,
    store,
    storeRoot,
    signedIn: () => current,
    logger: silentLogger,
    log: { debug: () => undefined, info: () => undefined, warn: () => undefined },
    emitLiveCue: (cue) => void rec.cues.push(cue),
    notify: (row) => void rec.notified.push(row),
    refreshCount: () => void rec.events.push('refreshCount'),
    showError: (_error, headline) => void rec.errors.push({ headline }),
    expireSession: async () => void rec.events.push('expired'),
    startFeed,
    ...hooks,
  });
  cleanups.push(() => s.stop());
  return { ...rec, session: s };
}

const maria = (): SignedInPerson => ({ client: clientFor('hpt_member_rw'), userId: MARIA, serviceUrl: `${emu.url}/`, workspaceId: WORKSPACE });

describe('MentionFeedSession', () => {
  it('loads the inbox, keeps the cursor per service and person, and notifies new unread mentions', async () => {
    const subscribed = signal();
    const announced = signal<MentionRow>();
    const s = session(maria(), {
      emitLiveCue: (cue) => cue === 'subscribed' && subscribed.resolve(),
      notify: (row) => announced.resolve(row),
    });
    await s.session.restart();
    const existing = (await clientFor('hpt_member_rw').mentions({ limit: 50 })).mentions;
    expect(existing.length).toBeGreaterThan(0);
    expect(s.inbox.rows().map((r) => r.id)).toEqual(existing.map((r) => r.id));
    // The first run counts what exists as read.
    expect(s.inbox.unreadCount()).toBe(0);
    // The account's one cursor, in the folder the terminal uses too.
    expect(await accountMentionCursor(storeRoot, { serviceUrl: emu.url, workspaceId: WORKSPACE, userId: MARIA }).saved()).toBe(existing[0]?.created_at);

    await subscribed.promise;
    const { id } = await clientFor('hpt_owner_all').postMessage(GENERAL, { body: '@maria after the start' });
    const row = await announced.promise;
    expect(row.id).toBe(id);
    expect(s.inbox.unread().map((r) => r.id)).toEqual([id]);
    expect(s.errors).toEqual([]);
  });

  it('starts overlapping before either reaches the feed: only the newest starts one', async () => {
    const s = session(maria());
    await Promise.all([s.session.restart(), s.session.restart()]);
    expect(s.feeds).toEqual([{ stopped: false }]);
    await s.session.started();
  });

  it('a second start while the first feed is starting stops it and leaves only the newest running', async () => {
    const s = session(maria());
    const first = s.session.restart();
    await s.firstFeed;
    const second = s.session.restart();
    await Promise.all([first, second]);
    expect(s.feeds).toEqual([{ stopped: true }, { stopped: false }]);
    expect(s.session.started()).toBe(second);
    expect(s.inbox.rows().length).toBeGreaterThan(0);
  });

  it('sign-out stops the feed, empties the inbox and refreshes the count', async () => {
    const s = session(maria());
    await s.session.restart();
    expect(s.inbox.rows().length).toBeGreaterThan(0);
    s.signIn(undefined);
    await s.session.restart();
    expect(s.feeds).toEqual([{ stopped: true }]);
    expect(s.inbox.rows()).toEqual([]);
    expect(s.events).toEqual(['refreshCount']);
  });

  it('a 401 ends the session, then says it could not watch the mentions', async () => {
    const shown = signal<string>();
    const s = session({ client: clientFor('hpt_revoked'), userId: MARIA, serviceUrl: emu.url, workspaceId: WORKSPACE }, { showError: (_e, headline) => shown.resolve(headline) });
    await s.session.restart();
    expect(await shown.promise).toBe('Could not watch your mentions');
    expect(s.events).toEqual(['expired']);
    expect(s.inbox.rows()).toEqual([]);
  });
});
