import { isApiError, NetworkError, ResponseTooLargeError, type ApiError } from '../errors';

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

/** Answers no retry can change: the token, the permission, the thing asked for or the request itself. */
function isFinalCode(code: string): boolean {
  return code === 'unauthorized' || code === 'permission_required' || code === 'not_found' || code === 'invalid_request';
}

/** A proxy or gateway between the client and the service is failing: its page may give way to the service. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/**
 * Whether a loop that keeps going (a follow, a reader) should stop on this error: no retry fixes
 * it. An answer that was delivered but is not understood (unexpected_response: HTML, another
 * content-type, broken JSON, too large) is final at any status: one call has already retried a
 * gateway's page (isRetryableError), and a loop around it only multiplied that (an HTML 502 kept
 * `wsc events` going for over a minute).
 */
export function isFinalError(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (isFinalCode(error.code)) return true;
  return error.code === 'unexpected_response' && error.status > 0;
}

/**
 * Within one call: network failures, 429 and the service's own 5xx errors are worth another
 * attempt. An answer that is not the documented JSON cannot get better by asking again, except a
 * gateway's page (502/503/504), which a proxy shows while the service behind it restarts.
 */
export function isRetryableError(error: ApiError): boolean {
  if (error instanceof ResponseTooLargeError) return false;
  if (error.code === 'unexpected_response') return GATEWAY_STATUSES.has(error.status);
  return error.code === 'network_error' || error.status === 429 || error.status >= 500;
}

/**
 * Whether one call tries again itself: a retryable error, except where nothing answered at all
 * (refused, no route, no such host). Then the face shows at once what it has kept, and its own
 * loop (the outbox's replay, a feed's backoff) tries again later.
 */
export function isRetryableWithinCall(error: ApiError): boolean {
  return isRetryableError(error) && !(error instanceof NetworkError && error.cannotConnect);
}

/** Parses Retry-After (delta-seconds or an HTTP date) into ms from `now`; undefined when absent or invalid. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  // An empty value is neither form: it fails both parses below.
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
