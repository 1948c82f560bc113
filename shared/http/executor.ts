import { throwIfAborted } from '../abort';
import { fullJitterMs } from '../backoff';
import type { Clock, Random } from '../clock';
import { isApiError, NetworkError, type ApiError } from '../errors';
import type { Logger } from '../logger';
import { idempotencyKeyFor } from './idempotency';
import { isRetryableWithinCall, type RetryPolicy } from './retry-policy';
import type { Transport } from './transport';
import { isMutation, type ApiRequest } from './types';

/** Per-attempt timeout when neither the caller nor the endpoint names one (above the 25 s long-poll cap). */
export const DEFAULT_TIMEOUT_MS = 40_000;

/**
 * Overall time of one call when none is named, every attempt and backoff wait included: room for
 * a 60 s Retry-After and an attempt, but not for a trickling or failing service to hold a command
 * for minutes (5 × 40 s attempts and their backoffs would).
 */
export const DEFAULT_CALL_DEADLINE_MS = 90_000;

export interface ExecutorOptions {
  transport: Transport;
  clock: Clock;
  random: Random;
  retry: RetryPolicy;
  logger: Logger;
  defaultTimeoutMs?: number;
  /** Overall deadline of a call when it names none (default DEFAULT_CALL_DEADLINE_MS). */
  callDeadlineMs?: number;
}

/**
 * Sends one logical call: one idempotency key for all its attempts, retries for reads and keyed
 * mutations on network errors, 5xx and 429, with backoff that honours Retry-After.
 */
export class Executor {
  constructor(private readonly options: ExecutorOptions) {}

  /** The client's (redacting) logger, for what the answer checks have to say. */
  get logger(): Logger {
    return this.options.logger;
  }

  async send<T>(req: ApiRequest): Promise<T> {
    const { transport, clock, random, retry, logger } = this.options;
    const signal = req.opts?.signal;
    throwIfAborted(signal);
    const idempotencyKey = idempotencyKeyFor(req.method, req.opts, random);
    const mayRetry = !isMutation(req.method) || idempotencyKey !== undefined;
    const timeoutMs = req.opts?.timeoutMs ?? req.timeoutMs ?? this.options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    const budgetMs = Math.max((req.opts?.deadlineMs ?? this.options.callDeadlineMs ?? DEFAULT_CALL_DEADLINE_MS) + (req.waitMs ?? 0), req.opts?.timeoutMs ?? 0);
    const deadline = clock.now() + budgetMs;

    for (let attempt = 1; ; attempt++) {
      const started = clock.now();
      const attemptTimeoutMs = Math.max(1, Math.min(timeoutMs, deadline - started));
      try {
        const response = await transport.send({
          method: req.method,
          path: req.path,
          query: req.query,
          body: req.body,
          idempotencyKey,
          signal,
          timeoutMs: attemptTimeoutMs,
        });
        logger.debug(`${req.method} ${req.path} -> ${response.status}`, { attempt, ms: clock.now() - started });
        return response.data as T;
      } catch (error) {
        if (!isApiError(error)) throw error;
        const retryAfterTooLong = error.retryAfterMs !== undefined && error.retryAfterMs > retry.maxRetryAfterMs;
        if (!mayRetry || !isRetryableWithinCall(error) || attempt >= retry.maxAttempts || retryAfterTooLong) {
          logger.debug(`${req.method} ${req.path} failed: ${error.code} ${error.status}`, { attempt, final: true });
          throw error;
        }
        const waitMs = fullJitterMs({ baseMs: retry.baseMs, maxMs: retry.capMs }, attempt, random.next(), error.retryAfterMs);
        if (clock.now() + waitMs >= deadline) {
          logger.debug(`${req.method} ${req.path} failed: ${error.code} ${error.status}; no time left for a retry`, { attempt, final: true });
          throw error.code === 'network_error' ? deadlineError(error, budgetMs) : error;
        }
        logger.info(`${req.method} ${req.path} failed (${error.code} ${error.status}); retry ${attempt} of ${retry.maxAttempts - 1} in ${waitMs} ms`, {
          attempt,
          waitMs,
          retryAfterMs: error.retryAfterMs,
        });
        await clock.sleep(waitMs, signal);
      }
    }
  }
}

/** The call ran out of its overall time while the service gave no complete answer. */
function deadlineError(last: ApiError, budgetMs: number): ApiError {
  return new NetworkError({
    code: 'network_error',
    message: `No complete answer from the service within the call's deadline of ${Math.round(budgetMs / 1000)} s (callDeadlineMs); last: ${last.message}`,
    hint: last.hint,
    status: 0,
    path: last.path,
  });
}
