import { STATUS_BY_CODE, type ErrorCode } from './contract';
import { redact } from './redact';

/** Codes of errors the client itself raises (no documented error body behind them). */
export type ClientErrorCode = 'unexpected_response' | 'network_error';
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export interface ApiErrorInit {
  /** The code as the server sent it; unknown codes are kept verbatim on a plain ApiError. */
  code: string;
  message: string;
  hint: string;
  /** HTTP status; 0 when no response arrived. */
  status: number;
  /** Request path (no query string, no host). */
  path: string;
  retryAfterMs?: number;
  currentUpdatedAt?: string;
  /** An answer of the wrong shape: the first field that did not match, as `docs[2].updated_at`. */
  field?: string;
  /** Tokens to strip from the texts beside the built-in patterns. */
  secrets?: readonly string[];
  /** A network error where nothing answered at all (refused, no route, no such host). */
  cannotConnect?: boolean;
}

/** A failed call: the service's `{error:{code,message,hint}}`, or a client-side failure. */
export class ApiError extends Error {
  readonly code: string;
  readonly hint: string;
  readonly status: number;
  readonly path: string;
  readonly retryAfterMs?: number;
  /** 409 on a doc compare-and-set: the doc's updated_at now. */
  readonly currentUpdatedAt?: string;
  /** unexpected_response: the first field of the answer that did not match. */
  readonly field?: string;

  constructor(init: ApiErrorInit) {
    super(redact(init.message, init.secrets));
    this.name = new.target.name;
    this.code = init.code;
    this.hint = redact(init.hint, init.secrets);
    this.status = init.status;
    this.path = redact(init.path, init.secrets);
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
    if (init.currentUpdatedAt !== undefined) this.currentUpdatedAt = init.currentUpdatedAt;
    if (init.field !== undefined) this.field = init.field;
  }

  override toString(): string {
    return redact(`${this.name} [${this.code}] ${this.message} (${this.status || 'no response'} ${this.path}). ${this.hint}`);
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      hint: this.hint,
      status: this.status,
      path: this.path,
      ...(this.retryAfterMs !== undefined ? { retryAfterMs: this.retryAfterMs } : {}),
      ...(this.currentUpdatedAt !== undefined ? { currentUpdatedAt: this.currentUpdatedAt } : {}),
    };
  }
}

export class InvalidRequestError extends ApiError {
  declare readonly code: 'invalid_request';
}
export class UnauthorizedError extends ApiError {
  declare readonly code: 'unauthorized';
}
export class PermissionRequiredError extends ApiError {
  declare readonly code: 'permission_required';
}
export class NotFoundError extends ApiError {
  declare readonly code: 'not_found';
}
export class ConflictError extends ApiError {
  declare readonly code: 'conflict';
}
export class RateLimitedError extends ApiError {
  declare readonly code: 'rate_limited';
}
export class InternalError extends ApiError {
  declare readonly code: 'internal';
}
/** The answer was not the documented shape (HTML, truncated JSON, wrong content-type, empty). */
export class UnexpectedResponseError extends ApiError {
  declare readonly code: 'unexpected_response';
}
/** The answer was larger than the client's `maxResponseBytes`: it was not read, and is never retried. */
export class ResponseTooLargeError extends UnexpectedResponseError {}
/** No usable answer: connection refused or reset, DNS failure, per-attempt timeout. */
export class NetworkError extends ApiError {
  declare readonly code: 'network_error';
  /**
   * Nothing answered at all (connection refused, no route, no such host), as opposed to an answer
   * that stopped or never came in time: not retried within a call, so a face shows what it has
   * kept (the cache, the outbox) at once; its own loop (the outbox's replay, a feed's backoff)
   * tries again later.
   */
  readonly cannotConnect: boolean;

  constructor(init: ApiErrorInit) {
    super(init);
    this.cannotConnect = init.cannotConnect === true;
  }
}

const CLASS_BY_CODE: Record<ErrorCode, new (init: ApiErrorInit) => ApiError> = {
  invalid_request: InvalidRequestError,
  unauthorized: UnauthorizedError,
  permission_required: PermissionRequiredError,
  not_found: NotFoundError,
  conflict: ConflictError,
  rate_limited: RateLimitedError,
  internal: InternalError,
};

const CODE_BY_STATUS = new Map<number, ErrorCode>(
  (Object.entries(STATUS_BY_CODE) as [ErrorCode, number][]).map(([code, status]) => [status, code]),
);

function isErrorCode(code: string): code is ErrorCode {
  return Object.prototype.hasOwnProperty.call(CLASS_BY_CODE, code);
}

/**
 * The one factory from a documented error body: class by code; an unknown code falls back to
 * the class of its HTTP status (any 5xx is internal), else a plain ApiError keeping the code.
 */
export function errorFromResponse(init: ApiErrorInit): ApiError {
  if (isErrorCode(init.code)) return new CLASS_BY_CODE[init.code](init);
  const byStatus = CODE_BY_STATUS.get(init.status) ?? (init.status >= 500 ? 'internal' : undefined);
  if (byStatus) return new CLASS_BY_CODE[byStatus](init);
  return new ApiError(init);
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
