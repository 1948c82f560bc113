// Whether a follow loop should keep trying after an error (the wait is the shared Backoff).
import { isApiError } from '../shared/index';

const FINAL = new Set(['unauthorized', 'permission_required', 'not_found', 'invalid_request']);

export function isFinalError(error: unknown): boolean {
  return !isApiError(error) || FINAL.has(error.code);
}
