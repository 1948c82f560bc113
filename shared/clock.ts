import { abortReason } from './abort';

// node:crypto is fetched at first use, not imported: loading the extension does not load it.
const crypto = (): typeof import('node:crypto') => process.getBuiltinModule('node:crypto');

/** Time source and sleeper; injected so retry and backoff tests are deterministic. */
export interface Clock {
  now(): number;
  /** Resolves after `ms`; rejects promptly with an AbortError-like reason when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Randomness; injected so jitter and idempotency keys are deterministic in tests. */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  uuid(): string;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(abortReason(signal));
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, Math.max(0, ms));
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

export const systemRandom: Random = {
  next: () => Math.random(),
  uuid: () => crypto().randomUUID(),
};
