// The live side of the UI: one realtime doorbell, the mention feed (long-poll + file cursor) and a
// modest interval. Each doorbell wake or mention cues the views to poll after their newest cursor.
import { useEffect, useRef, useState } from 'react';
import { Doorbell, FileCursorStore, MemoryCursorStore, cursorPath, startMentionFeed, type Client, type Identity, type MentionRow } from '../../shared/index';
import type { LiveBus } from '../live-bus';

export const LIVE_INTERVAL_MS = 5_000;
const INBOX_MAX = 200;

export interface LiveFeed {
  /** Mentions and DMs addressed to me, newest first. */
  mentions: MentionRow[];
  /** The newest mention that arrived while the UI was open. */
  notice: MentionRow | null;
  dismissNotice(): void;
  /** The mention feed lost the service and is retrying. */
  reconnecting: boolean;
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
}

export function useLiveFeed(options: LiveFeedOptions): LiveFeed {
  const [mentions, setMentions] = useState<MentionRow[]>([]);
  const [notice, setNotice] = useState<MentionRow | null>(null);
  const [reconnecting, setReconnecting] = useState(false);
  const handlers = useRef(options);
  handlers.current = options;
  const { client, me, live } = options;

  useEffect(() => {
    let stopped = false;
    const known = new Set<string>();
    const add = (rows: MentionRow[], announce: boolean) => {
      const fresh = rows.filter((r) => !known.has(r.id));
      if (fresh.length === 0) return;
      for (const r of fresh) known.add(r.id);
      setMentions((prev) => [...fresh.slice().reverse(), ...prev].slice(0, INBOX_MAX));
      if (announce) setNotice(fresh[fresh.length - 1] ?? null);
    };

    const store =
      options.persistCursor === false
        ? new MemoryCursorStore<string>()
        : new FileCursorStore<string>(cursorPath(`tui-mentions-${me.workspaceId}-${me.userId}`));
    const feed = startMentionFeed({ client, cursorStore: store, doorbell: false });
    const doorbell =
      options.doorbell === false
        ? null
        : new Doorbell({
            fetchCoordinates: (signal) => client.wake({ signal }),
            onCue: (reason) => {
              feed.watcher.cue(reason);
              live.cue(reason === 'subscribed' ? 'reconnected' : 'wake');
            },
          });
    doorbell?.start();
    const timer = setInterval(() => live.cue('interval'), LIVE_INTERVAL_MS);
    timer.unref?.();

    void (async () => {
      try {
        const first = await client.mentions({ limit: 50 });
        if (!stopped) add(first.mentions.slice().reverse(), false);
      } catch (error) {
        if (!stopped) handlers.current.onError(error);
      }
      for await (const event of feed.watcher.events()) {
        if (stopped) break;
        switch (event.type) {
          case 'mention':
            add([event.row], true);
            live.cue('mention');
            break;
          case 'status':
            setReconnecting(event.state === 'reconnecting');
            if (event.state === 'live') live.cue('reconnected');
            break;
          case 'error':
            break;
          case 'unauthorized':
            handlers.current.onUnauthorized(event.error);
            break;
        }
      }
    })();

    return () => {
      stopped = true;
      clearInterval(timer);
      void feed.stop();
      void doorbell?.stop();
    };
  }, [client, me, live, options.doorbell, options.persistCursor]);

  return { mentions, notice, dismissNotice: () => setNotice(null), reconnecting };
}
