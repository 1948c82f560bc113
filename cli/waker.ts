// Wakes a follow loop when the realtime doorbell rings, and otherwise every `fallbackMs`: the
// doorbell only says "something happened"; the loop's own after-cursor read stays the truth.
import { Doorbell, type Client } from '../shared/index';

export interface Waker {
  /** Resolves on the next cue, after fallbackMs, or when the signal aborts. */
  wait(signal: AbortSignal): Promise<void>;
  stop(): Promise<void>;
}

export function startWaker(client: Client, fallbackMs: number): Waker {
  let pending = false;
  let wake: (() => void) | null = null;
  const doorbell = new Doorbell({
    fetchCoordinates: (signal) => client.wake({ signal }),
    onCue: () => {
      pending = true;
      wake?.();
    },
  });
  doorbell.start();
  return {
    wait(signal) {
      if (pending || signal.aborted) {
        pending = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          wake = null;
          pending = false;
          resolve();
        };
        const timer = setTimeout(done, fallbackMs);
        signal.addEventListener('abort', done, { once: true });
        wake = done;
      });
    },
    stop: () => doorbell.stop(),
  };
}
