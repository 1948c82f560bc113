/**
 * The inbox as both faces fill it: the newest `seedSize` mentions at start, then whatever the
 * mention feed brings. When no cursor was saved yet, the newest seeded row becomes the feed's
 * cursor, so the feed reports only what comes after the rows already shown.
 */
import type { MentionRow } from '../contract';
import { isApiError } from '../errors';
import { startMentionFeed, type MentionFeed, type MentionFeedOptions } from './mention-feed';
import type { MentionInbox } from './mention-inbox';
import type { WatcherState } from './mention-watcher';

export const INBOX_SEED_SIZE = 50;

export interface InboxFeedOptions extends MentionFeedOptions {
  inbox: MentionInbox;
  /** How many of the newest mentions to load at start (default 50). */
  seedSize?: number;
  /** Runs before the first rows enter the inbox (e.g. a first-run "read up to" baseline), with the newest created_at. */
  onSeed?(newest: string | undefined): void | Promise<void>;
  /** Loading the first rows failed (not 401); the feed starts anyway and retries on its own. */
  onSeedError?(error: unknown): void;
  /** A row the feed brought that the inbox did not hold: announce it. Awaited before the cursor moves past it. */
  onNewMention?(row: MentionRow): void | Promise<void>;
  onStatus?(state: WatcherState, detail?: string): void;
  onError?(error: unknown, retryInMs: number): void;
  /** 401, at start or later: nothing more runs; ask for a new token. */
  onUnauthorized?(error: unknown): void;
}

export interface InboxFeed {
  /** Resolves once the first rows are in the inbox and the feed runs (or start gave up). */
  ready: Promise<void>;
  /** Stops loading and the feed; safe before `ready` and twice. */
  stop(): Promise<void>;
  /** While reconnecting: poll again now instead of after the backoff. */
  retryNow(): void;
}

export function startInboxFeed(options: InboxFeedOptions): InboxFeed {
  const { inbox } = options;
  const stopping = new AbortController();
  let feed: MentionFeed | null = null;
  let running: Promise<void> = Promise.resolve();

  const ready = (async () => {
    try {
      // stop() aborts this read: it rejects, and the catch below returns.
      const first = await options.client.mentions({ limit: options.seedSize ?? INBOX_SEED_SIZE }, { signal: stopping.signal });
      // The spec lists mentions newest first. A service that does not only moves the cursor back;
      // the inbox drops the rows it already holds, so nothing is announced twice.
      const newest = first.mentions[0]?.created_at;
      await seedCursor(options, newest);
      await options.onSeed?.(newest);
      if (stopping.signal.aborted) return;
      inbox.add(first.mentions);
    } catch (error) {
      if (stopping.signal.aborted) return;
      if (isApiError(error) && error.code === 'unauthorized') {
        options.onUnauthorized?.(error);
        return;
      }
      options.onSeedError?.(error);
    }
    if (stopping.signal.aborted) return;
    feed = startMentionFeed(options);
    running = feed.watcher.run({
      onMention: async (row) => {
        if (inbox.add([row]).length > 0) await options.onNewMention?.(row);
      },
      onStatus: options.onStatus,
      onError: options.onError,
      onUnauthorized: options.onUnauthorized,
    });
  })();

  return {
    ready,
    retryNow() {
      feed?.watcher.retryNow();
    },
    async stop() {
      stopping.abort();
      await ready;
      await feed?.stop();
      await running;
    },
  };
}

/** Where a feed without a saved cursor starts: after the rows already shown. */
async function seedCursor(options: InboxFeedOptions, newest: string | undefined): Promise<void> {
  if (newest === undefined || options.startAt !== undefined) return;
  try {
    if ((await options.cursorStore.load()) === undefined) await options.cursorStore.save(newest);
  } catch {
    // The watcher reports an unreadable store itself and starts from the newest window.
  }
}
