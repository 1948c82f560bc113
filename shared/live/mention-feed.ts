/**
 * The mention watcher wired to the waker, as every face uses it: doorbell cues (wakes and
 * (re)subscriptions) make the watcher poll at once; polling stays the source of truth, so the feed
 * works the same (only slower to notice) when the doorbell cannot connect. Faces refresh their
 * other views on `onCue` instead of building a doorbell of their own.
 */
import type { DoorbellStatus } from './doorbell';
import { MentionWatcher, type MentionSource, type MentionWatcherOptions } from './mention-watcher';
import { Waker, type LiveCue, type WakeSource } from './waker';

export interface MentionFeedClient extends MentionSource, WakeSource {}

export interface MentionFeedOptions extends MentionWatcherOptions {
  client: MentionFeedClient;
  /** false: long-poll only, no doorbell (e.g. where websockets are blocked). Default true. */
  doorbell?: boolean;
  /** Also cue `onCue` every this many ms (the watcher itself long-polls and needs no interval). */
  intervalMs?: number;
  onDoorbellStatus?: (status: DoorbellStatus, detail?: string) => void;
  /** Every cue: refresh whatever else is shown, after its newest cursor. */
  onCue?: (cue: LiveCue) => void;
}

export interface MentionFeed {
  watcher: MentionWatcher;
  waker: Waker;
  /** Stops the watcher (its event stream ends with 'stopped'), the doorbell and the interval. */
  stop(): Promise<void>;
}

/** Creates the watcher and starts the waker; consume `feed.watcher.events()` or call `feed.watcher.run(...)`. */
export function startMentionFeed(options: MentionFeedOptions): MentionFeed {
  const watcher = new MentionWatcher(options);
  const waker = new Waker({
    client: options.client,
    doorbell: options.doorbell,
    intervalMs: options.intervalMs,
    onDoorbellStatus: options.onDoorbellStatus,
    clock: options.clock,
    random: options.random,
    logger: options.logger,
  });
  waker.onCue((cue) => {
    if (cue !== 'interval') watcher.cue(cue);
    options.onCue?.(cue);
  });
  waker.start();
  return {
    watcher,
    waker,
    async stop() {
      watcher.stop();
      await waker.stop();
    },
  };
}
