// The live side of the UI: the shared inbox feed (the newest mentions at start, then the mention
// feed with its file cursor) and its waker's cues (doorbell, or the interval without one), passed
// on to the views through the LiveBus; a new mention's notice and the feed's "reconnecting" go to
// the UiStore.
import { useEffect, useRef, useState } from 'react';
import { accountMentionCursor, cacheOf, FileCursorStore, terminalOfflineRoot, MemoryCursorStore, MentionInbox, cursorPath, formerCursorPath, isApiError, startInboxFeed, type Client, type Identity, type MentionRow } from '../../shared/index';
import { storeOpening } from '../first-frame';
import { useUiRoot } from '../state/use-ui-store';
import type { LiveBus } from '../live-bus';

export const LIVE_INTERVAL_MS = 5_000;

export interface LiveFeed {
  /** Mentions and DMs addressed to me, newest first. */
  mentions: MentionRow[];
  /** Ends the wait between retries: poll again now. */
  retryNow(): void;
}

export interface LiveFeedOptions {
  client: Client;
  me: Identity;
  live: LiveBus;
  /** false in tests and benchmarks that need no realtime socket. */
  doorbell?: boolean;
  /** false: keep the mention cursor in memory only. */
  persistCursor?: boolean;
  onUnauthorized(error: unknown): void;
  onError(error: unknown): void;
  /** A row the feed brings as new (the attention inbox takes it). */
  onNewMention?(row: MentionRow): void;
}

export function useLiveFeed(options: LiveFeedOptions): LiveFeed {
  const [mentions, setMentions] = useState<MentionRow[]>([]);
  const { store } = useUiRoot();
  const handlers = useRef(options);
  const running = useRef<{ retryNow(): void } | null>(null);
  handlers.current = options;
  const { client, me, live, doorbell, persistCursor } = options;

  useEffect(() => {
    const inbox = new MentionInbox();
    const feedName = `tui-mentions-${me.workspaceId}-${me.userId}`;
    const subscription = inbox.onChange(() => setMentions([...inbox.rows()]));
    let stopped = false;
    // The inbox the offline cache kept shows at once (and stays while the service cannot be
    // reached); the feed's rows join it, and a kept row the feed brings again is not announced.
    const showKept = (): void => {
      try {
        const kept = cacheOf(client)?.get<MentionRow[]>('mentions')?.value;
        if (!stopped && kept) inbox.add(kept);
      } catch {
        // A busy or closed cache: the feed's rows come as without one.
      }
    };
    if (cacheOf(client) === undefined) void storeOpening()?.then(showKept);
    else showKept();
    // The account's one mention cursor (shared with `wsc mentions` and VS Code), never moving back.
    const account = { serviceUrl: client.baseUrl.replace(/\/+$/, ''), workspaceId: me.workspaceId, userId: me.userId };
    const cursorStore =
      persistCursor === false
        ? new MemoryCursorStore<string>()
        : accountMentionCursor(terminalOfflineRoot(), account, { formerStores: [new FileCursorStore<string>(cursorPath(feedName), formerCursorPath(feedName))] });
    const feed = startInboxFeed({
      client,
      cursorStore,
      inbox,
      doorbell,
      intervalMs: LIVE_INTERVAL_MS,
      onCue: (cue) => live.cue(cue),
      onNewMention: (row) => {
        store.setNotice(row);
        handlers.current.onNewMention?.(row);
        live.cue('mention');
      },
      onStatus: (state) => {
        const feedReconnecting = state === 'reconnecting';
        store.setStatus((s) => (s.feedReconnecting === feedReconnecting ? s : { ...s, feedReconnecting }));
        if (state === 'live') live.cue('reconnected');
      },
      onSeedError: (error) => handlers.current.onError(error),
      // Errors the watcher retries show as "reconnecting…"; an answer that cannot get better (a
      // page repeating its cursor, a wrong shape) is said on the status line, the rows shown stay.
      onError: (error) => {
        if (isApiError(error) && error.code === 'unexpected_response') handlers.current.onError(error);
      },
      onUnauthorized: (error) => handlers.current.onUnauthorized(error),
    });
    running.current = feed;
    return () => {
      stopped = true;
      running.current = null;
      subscription.dispose();
      void feed.stop();
    };
  }, [client, me, live, doorbell, persistCursor, store]);

  return { mentions, retryNow: () => running.current?.retryNow() };
}
