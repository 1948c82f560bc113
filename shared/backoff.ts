/**
 * The one backoff of the layer: capped exponential with full jitter, never sooner than the
 * server's Retry-After, reset by the caller on success. Used by HTTP retries, the mention watcher,
 * the run-event reader and the doorbell.
 */
import type { Random } from './clock';
import { isApiError } from './errors';

export interface BackoffLimits {
  /** The ceiling of the first wait. */
  baseMs: number;
  /** No ceiling grows past this. */
  maxMs: number;
}

/**
 * A wait drawn uniformly from [0, min(maxMs, baseMs * 2^(attempt-1))) for failure number `attempt`
 * (counting from 1), and never shorter than `retryAfterMs`. `random` is in [0, 1).
 */
export function fullJitterMs(limits: BackoffLimits, attempt: number, random: number, retryAfterMs?: number): number {
  const ceiling = Math.min(limits.maxMs, limits.baseMs * 2 ** Math.min(Math.max(0, attempt - 1), 30));
  const jittered = Math.floor(random * ceiling);
  return retryAfterMs !== undefined ? Math.max(jittered, retryAfterMs) : jittered;
}

/** The Retry-After an API error carried (429), if any. */
export function retryAfterOf(error: unknown): number | undefined {
  return isApiError(error) ? error.retryAfterMs : undefined;
}

/** Counts consecutive failures and gives the wait after each; reset() after a success. */
export class Backoff {
  private failures = 0;

  constructor(
    private readonly limits: BackoffLimits,
    private readonly random: Random,
  ) {}

  /** Failures since the last reset. */
  get attempt(): number {
    return this.failures;
  }

  /** Counts one more failure and returns how long to wait before trying again. */
  next(error?: unknown): number {
    this.failures += 1;
    return fullJitterMs(this.limits, this.failures, this.random.next(), retryAfterOf(error));
  }

  reset(): void {
    this.failures = 0;
  }
}
