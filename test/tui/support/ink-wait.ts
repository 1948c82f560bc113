// Waiting on Ink components rendered with ink-testing-library for outcomes, never for fixed times.
import type { EventEmitter } from 'node:events';
import { HANG_LIMIT_MS } from '../../support/hang-limit';

/** Resolves once `check` stops throwing (re-checked after each turn of the event loop). */
export async function until(check: () => void, timeoutMs = HANG_LIMIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 5));
    }
  }
}

/**
 * Resolves once Ink listens to `stdin`: its input hooks subscribe in effects that run after the
 * first frame, and a key written before that is lost (on a busy machine, well after 30 ms).
 */
export function inputReady(stdin: EventEmitter): Promise<void> {
  return until(() => {
    if (stdin.listenerCount('readable') === 0) throw new Error('Ink is not reading stdin yet');
  });
}
