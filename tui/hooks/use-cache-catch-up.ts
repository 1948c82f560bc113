// Keeps the offline cache without gaps across a lost connection: once calls get through again (and
// once at start, when the cache may be old), every kept channel, thread and the mentions inbox read
// forward from their newest kept position (shared catchUpCache). What is on screen catches up
// through its own cursor (use-conversation, the inbox feed); this is for what is not open, so the
// next start without the service shows it too.
import { useEffect, useRef } from 'react';
import { cacheOf, catchUpCache, type Client } from '../../shared/index';
import type { LiveBus } from '../live-bus';

/** Lets the first frame's own reads go first. */
const START_DELAY_MS = 2_000;

export function useCacheCatchUp(client: Client, live: LiveBus, lost: boolean): void {
  const run = useRef<(() => void) | null>(null);
  useEffect(() => {
    let stopped = false;
    let running = false;
    let again = false;
    const catchUp = async (): Promise<void> => {
      if (running) {
        again = true;
        return;
      }
      // The store may open after the first frame (first-frame.ts): looked up when it is needed.
      const cache = cacheOf(client);
      if (!cache) return;
      running = true;
      try {
        do {
          again = false;
          await catchUpCache(client, cache);
        } while (again && !stopped);
      } catch {
        // A closed or busy cache: the next reconnect tries again; the screen's own reads are unaffected.
      } finally {
        running = false;
      }
    };
    run.current = () => void catchUp();
    const timer = setTimeout(() => void catchUp(), START_DELAY_MS);
    const off = live.subscribe((cue) => {
      if (cue === 'reconnected') void catchUp();
    });
    return () => {
      stopped = true;
      run.current = null;
      clearTimeout(timer);
      off();
    };
  }, [client, live]);
  const wasLost = useRef(lost);
  useEffect(() => {
    if (wasLost.current && !lost) run.current?.();
    wasLost.current = lost;
  }, [lost]);
}
