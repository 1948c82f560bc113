export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The optional last argument of every Client method. */
export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Key for a mutation, reused by every retry. Omitted: one is generated per call.
   * `false`: send none, and then the mutation is never retried.
   */
  idempotencyKey?: string | false;
  /** Per-attempt timeout in ms (each retry gets a fresh one, never past the call's deadline). */
  timeoutMs?: number;
  /** Overall time for the call, all attempts and backoff waits included (a long-poll adds its wait). */
  deadlineMs?: number;
}

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

/** One logical call, before retries. */
export interface ApiRequest {
  method: HttpMethod;
  path: string;
  query?: QueryParams;
  body?: unknown;
  opts?: CallOptions;
  /** Default per-attempt timeout of this endpoint when opts.timeoutMs is not given. */
  timeoutMs?: number;
  /** A long-poll's wait: the call's deadline is extended by it. */
  waitMs?: number;
}

/** One HTTP attempt as the transport sends it. */
export interface Attempt {
  method: HttpMethod;
  path: string;
  query?: QueryParams;
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
  timeoutMs: number;
}

export function isMutation(method: HttpMethod): boolean {
  return method !== 'GET';
}
