// Which failures leave a write waiting in the outbox, and what is kept of them. No SQLite here, so
// the faces can decide before loading the store.
import { isApiError } from '../errors';
import { isRetryableError } from '../http/retry-policy';

/** What the service (or the network) said about the last attempt. */
export interface OutboxError {
  readonly code: string;
  readonly message: string;
  readonly hint: string;
  readonly status: number;
}

/** Whether a failed send should wait in the outbox (the service could not be reached or was failing). */
export function isWorthQueueing(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return isRetryableError(error) || error.code === 'unauthorized';
}

export function outboxErrorOf(error: unknown): OutboxError {
  if (isApiError(error)) return { code: error.code, message: error.message, hint: error.hint, status: error.status };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'client_error', message, hint: 'Retry it with wsc outbox retry, or drop it with wsc outbox drop ID.', status: 0 };
}
