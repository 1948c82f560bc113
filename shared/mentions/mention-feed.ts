/**
 * The mention watcher wired to the realtime doorbell, as both faces use it: the doorbell's cues
 * (wakes and (re)subscriptions) make the watcher poll at once; polling stays the source of truth,
 * so the feed works the same (only slower to notice) when the doorbell cannot connect.
 */
import type { WakeCoordinates } from '../contract';
import { Doorbell, type DoorbellStatus } from '../doorbell';
import type { CallOptions } from '../http/types';
import { MentionWatcher, type MentionSource, type MentionWatcherOptions } from '../mention-watcher';

export interface MentionFeedClient extends MentionSource {
  wake(opts?: CallOptions): Promise<WakeCoordinates>;
}

export interface MentionFeedOptions extends MentionWatcherOptions {
  client: MentionFeedClient;
  /** false: long-poll only, no doorbell (e.g. where websockets are blocked). Default true. */
  doorbell?: boolean;
  onDoorbellStatus?: (status: DoorbellStatus, detail?: string) => void;
}

export interface MentionFeed {
  watcher: MentionWatcher;
  /** Stops the watcher (its event stream ends with 'stopped') and the doorbell. */
  stop(): Promise<void>;
}

/** Creates the watcher and starts the doorbell; consume `feed.watcher.events()` or call `feed.watcher.run(...)`. */
export function startMentionFeed(options: MentionFeedOptions): MentionFeed {
  const watcher = new MentionWatcher(options);
  let doorbell: Doorbell | null = null;
  if (options.doorbell !== false) {
    doorbell = new Doorbell({
      fetchCoordinates: (signal) => options.client.wake({ signal }),
      onCue: (reason) => watcher.cue(reason),
      onStatus: options.onDoorbellStatus,
      logger: options.logger,
      clock: options.clock,
    });
    doorbell.start();
  }
  return {
    watcher,
    async stop() {
      watcher.stop();
      await doorbell?.stop();
    },
  };
}
