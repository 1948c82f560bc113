import { throwIfAborted } from '../abort';
import { fullJitterMs } from '../backoff';
import type { Clock, Random } from '../clock';
import { isApiError } from '../errors';
import type { Logger } from '../logger';
import { idempotencyKeyFor } from './idempotency';
import { isRetryableError, type RetryPolicy } from './retry-policy';
import type { Transport } from './transport';
import { isMutation, type ApiRequest } from './types';

/** Per-attempt timeout when neither the caller nor the endpoint names one (above the 25 s long-poll cap). */
export const DEFAULT_TIMEOUT_MS = 40_000;

export interface ExecutorOptions {
  transport: Transport;
  clock: Clock;
  random: Random;
  retry: RetryPolicy;
  logger: Logger;
  defaultTimeoutMs?: number;
}

/**
 * Sends one logical call: one idempotency key for all its attempts, retries for reads and keyed
 * mutations on network errors, 5xx and 429, with backoff that honours Retry-After.
 */
export class Executor {
  constructor(private readonly options: ExecutorOptions) {}

  async send<T>(req: ApiRequest): Promise<T> {
    const { transport, clock, random, retry, logger } = this.options;
    const signal = req.opts?.signal;
    throwIfAborted(signal);
    const idempotencyKey = idempotencyKeyFor(req.method, req.opts, random);
    const mayRetry = !isMutation(req.method) || idempotencyKey !== undefined;
    const timeoutMs = req.opts?.timeoutMs ?? req.timeoutMs ?? this.options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;

    for (let attempt = 1; ; attempt++) {
      const started = clock.now();
      try {
        const response = await transport.send({
          method: req.method,
          path: req.path,
          query: req.query,
          body: req.body,
          idempotencyKey,
          signal,
          timeoutMs,
        });
        logger.debug(`${req.method} ${req.path} -> ${response.status}`, { attempt, ms: clock.now() - started });
        return response.data as T;
      } catch (error) {
        if (!isApiError(error)) throw error;
        const retryAfterTooLong = error.retryAfterMs !== undefined && error.retryAfterMs > retry.maxRetryAfterMs;
        if (!mayRetry || !isRetryableError(error) || attempt >= retry.maxAttempts || retryAfterTooLong) {
          logger.debug(`${req.method} ${req.path} failed: ${error.code} ${error.status}`, { attempt, final: true });
          throw error;
        }
        const waitMs = fullJitterMs({ baseMs: retry.baseMs, maxMs: retry.capMs }, attempt, random.next(), error.retryAfterMs);
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
