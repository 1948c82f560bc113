// The public entry of the API layer. extension/ and tui/ import from here only.
export * from './contract';
export { Client, type ClientOptions } from './client';
export {
  ApiError,
  InvalidRequestError,
  UnauthorizedError,
  PermissionRequiredError,
  NotFoundError,
  ConflictError,
  RateLimitedError,
  InternalError,
  UnexpectedResponseError,
  NetworkError,
  isApiError,
  errorFromResponse,
  type ApiErrorCode,
  type ApiErrorInit,
  type ClientErrorCode,
} from './errors';
export { isAbortError } from './abort';
export { systemClock, systemRandom, type Clock, type Random } from './clock';
export { redact, REDACTED } from './redact';
export { redactingLogger, silentLogger, type Logger, type LogFields } from './logger';
export type { CallOptions } from './http/types';
export type { RetryOptions } from './http/retry-policy';
export { BEGINNING_CURSOR, type IterateMessagesOptions, type IterateRunEventsOptions, type PagingDirection } from './paging';
export { Doorbell, realtimeEndpoint, type DoorbellOptions, type DoorbellCue, type DoorbellStatus, type DoorbellLogger, type DoorbellClock } from './doorbell';
