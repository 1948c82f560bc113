// The one error type of the local service and one helper per stable code. Every failure leaves the
// server as `{error:{code,message,hint}}`; `hint` always names a concrete next step.
import { STATUS_BY_CODE, type ErrorCode } from '../shared/contract';

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly hint: string,
    readonly headers: Record<string, string> = {},
    /** Additional fields placed beside code/message/hint (e.g. current_updated_at). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.status = STATUS_BY_CODE[code];
  }

  toBody(): { error: Record<string, unknown> } {
    return { error: { code: this.code, message: this.message, hint: this.hint, ...this.extra } };
  }
}

export const WWW_AUTHENTICATE_INVALID = 'Bearer realm="api", error="invalid_token"';
/** RFC 6750 §3.1: a request with no credentials (or another scheme's) is challenged without an error code. */
export const WWW_AUTHENTICATE_CHALLENGE = 'Bearer realm="api"';

export function invalidRequest(message: string, hint: string): ApiError {
  return new ApiError('invalid_request', message, hint);
}

export function unauthorized(message: string, hint: string): ApiError {
  return new ApiError('unauthorized', message, hint, { 'WWW-Authenticate': WWW_AUTHENTICATE_INVALID });
}

/** 401 for a request that presented no bearer token at all. */
export function credentialsMissing(message: string, hint: string): ApiError {
  return new ApiError('unauthorized', message, hint, { 'WWW-Authenticate': WWW_AUTHENTICATE_CHALLENGE });
}

export function permissionRequired(message: string, hint: string): ApiError {
  return new ApiError('permission_required', message, hint);
}

export function notFound(what: string, hint = 'Check the id; it may not exist or you may not have access to it.'): ApiError {
  return new ApiError('not_found', `${what} was not found.`, hint);
}

export function conflict(message: string, hint: string, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError('conflict', message, hint, {}, extra);
}

export function rateLimited(retryAfterSeconds: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(
    'rate_limited',
    'Too many requests for this token.',
    `Wait ${seconds} second${seconds === 1 ? '' : 's'} (Retry-After) and try again.`,
    { 'Retry-After': String(seconds) },
  );
}

export function internal(message = 'The local service hit an unexpected error.'): ApiError {
  return new ApiError('internal', message, 'Try again; if it keeps failing, restart `wsc serve` and report the request that failed.');
}

/** Any thrown value as an ApiError: bugs become 500 internal, never a crash or an HTML page. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return internal();
}
