import { isApiError, type ApiError } from '../errors';

export interface RetryOptions {
  /** Total attempts including the first (default 5; 1 disables retries). */
  maxAttempts?: number;
  /** Backoff base in ms (default 250). */
  baseMs?: number;
  /** Backoff cap in ms (default 8000). */
  capMs?: number;
  /** A Retry-After longer than this is not waited out: the error is returned (default 60000). */
  maxRetryAfterMs?: number;
}

export type RetryPolicy = Required<RetryOptions>;

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, baseMs: 250, capMs: 8000, maxRetryAfterMs: 60_000 };

export function retryPolicy(options: RetryOptions | undefined): RetryPolicy {
  return { ...DEFAULT_RETRY, ...options };
}

/** Network failures, 5xx and 429 are worth another attempt; every other answer is final. */
const FINAL_CODES = new Set(['unauthorized', 'permission_required', 'not_found', 'invalid_request']);

/**
 * Whether a loop that keeps going (a follow, a reader) should stop on this error: no retry fixes
 * it. An answer that was delivered but is not understood (unexpected_response below 500) is final
 * too: asking again gets the same answer (it used to be retried for 30–50 s).
 */
export function isFinalError(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (FINAL_CODES.has(error.code)) return true;
  return error.code === 'unexpected_response' && error.status > 0 && error.status < 500;
}

export function isRetryableError(error: ApiError): boolean {
  return error.code === 'network_error' || error.status === 429 || error.status >= 500;
}

/** Parses Retry-After (delta-seconds or an HTTP date) into ms from `now`; undefined when absent or invalid. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
