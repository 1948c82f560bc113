// Whether a follow loop should keep trying after an error, and how long to wait.
import { isApiError } from '../shared/index';

const FINAL = new Set(['unauthorized', 'permission_required', 'not_found', 'invalid_request']);

export function isFinalError(error: unknown): boolean {
  return !isApiError(error) || FINAL.has(error.code);
}

/** 1 s, 2 s, 4 s ... up to 30 s, never less than Retry-After. */
export function backoffMs(attempt: number, error: unknown): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.min(attempt - 1, 5));
  return Math.max(base, isApiError(error) ? (error.retryAfterMs ?? 0) : 0);
}
