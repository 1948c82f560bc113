import { HEADERS, type ErrorBody } from '../contract';
import { abortReason, throwIfAborted } from '../abort';
import type { Clock } from '../clock';
import { redact } from '../redact';
import { errorFromResponse, NetworkError, ResponseTooLargeError, UnexpectedResponseError, type ApiError } from '../errors';
import { ACCEPT_ENCODING, ContentEncodingError, decodeBody } from './content-encoding';
import { BodyCapExceeded, ConnectionPool, exchange } from './node-request';
import { buildQuery } from './query';
import { noticesFrom, type ServiceNotice } from './service-notice';
import { parseRetryAfter } from './retry-policy';
import type { Attempt } from './types';

export interface TransportOptions {
  baseUrl: string;
  token: string;
  clientName: string;
  clock: Clock;
  /** Told of every Deprecation/Sunset header (the Client dedupes them per session). */
  onNotice?: (notice: ServiceNotice) => void;
  /** The largest answer read, before and after decoding (default DEFAULT_MAX_RESPONSE_BYTES). */
  maxResponseBytes?: number;
}

/** Default cap on one answer: the biggest documented answers are a few MB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

export interface TransportResponse {
  status: number;
  data: unknown;
}

const JSON_CONTENT_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** One HTTP attempt over pooled node:http(s) connections: auth and client headers, JSON in, typed errors out. */
export class Transport {
  readonly #token: string;
  readonly #baseUrl: string;
  readonly #clientName: string;
  readonly #clock: Clock;
  readonly #onNotice: ((notice: ServiceNotice) => void) | undefined;
  readonly #maxResponseBytes: number;
  readonly #pool = new ConnectionPool();

  constructor(options: TransportOptions) {
    this.#token = options.token;
    this.#baseUrl = checkedBaseUrl(options.baseUrl);
    this.#clientName = options.clientName;
    this.#clock = options.clock;
    this.#onNotice = options.onNotice;
    this.#maxResponseBytes = checkedLimit(options.maxResponseBytes);
  }

  get baseUrl(): string {
    return this.#baseUrl;
  }

  /** Strings to strip from any text that leaves this layer. */
  get secrets(): readonly string[] {
    return [this.#token];
  }

  async close(): Promise<void> {
    this.#pool.close();
    return Promise.resolve();
  }

  async send(attempt: Attempt): Promise<TransportResponse> {
    throwIfAborted(attempt.signal);
    const headers: Record<string, string> = {
      [HEADERS.authorization]: `Bearer ${this.#token}`,
      [HEADERS.client]: this.#clientName,
      accept: 'application/json',
      'accept-encoding': ACCEPT_ENCODING,
    };
    let body: string | undefined;
    if (attempt.body !== undefined) {
      body = JSON.stringify(attempt.body);
      headers['content-type'] = 'application/json';
    }
    if (attempt.idempotencyKey !== undefined) headers[HEADERS.idempotencyKey] = attempt.idempotencyKey;

    // One controller per attempt, fired by the timeout or the caller's signal. Linked by hand (not
    // AbortSignal.any) so a long-lived caller signal collects no listeners across many attempts.
    const attemptAbort = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      attemptAbort.abort();
    }, attempt.timeoutMs);
    const onCallerAbort = (): void => attemptAbort.abort();
    attempt.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const signal = attemptAbort.signal;
    let status: number;
    let responseHeaders: Record<string, string | string[] | undefined>;
    let raw: Buffer;
    try {
      const response = await exchange(this.#pool, {
        url: new URL(`${this.#baseUrl}${attempt.path}${buildQuery(attempt.query)}`),
        method: attempt.method,
        headers,
        body,
        signal,
        maxBytes: this.#maxResponseBytes,
        onHead: (_status, head) => {
          if (this.#onNotice) for (const notice of noticesFrom(head, attempt.path)) this.#onNotice(notice);
        },
      });
      status = response.status;
      responseHeaders = response.headers;
      raw = response.body;
    } catch (cause) {
      if (attempt.signal?.aborted) throw abortReason(attempt.signal);
      if (cause instanceof BodyCapExceeded) throw this.#tooLarge(attempt.path, cause.status);
      if (timedOut) {
        throw this.#networkError(attempt.path, `No answer from the service within ${attempt.timeoutMs} ms.`);
      }
      throw this.#networkError(attempt.path, `Could not reach the service: ${describeCause(cause)}.`, cannotConnect(cause));
    } finally {
      clearTimeout(timer);
      attempt.signal?.removeEventListener('abort', onCallerAbort);
    }
    return { status, data: this.#parse(attempt.method, attempt.path, status, responseHeaders, raw) };
  }

  #parse(method: string, path: string, status: number, headers: Record<string, string | string[] | undefined>, raw: Buffer): unknown {
    const contentType = firstHeader(headers['content-type']) ?? '';
    const retryAfterMs = parseRetryAfter(firstHeader(headers[HEADERS.retryAfter]), this.#clock.now());
    const ok = status >= 200 && status < 300;
    const unexpected = (what: string): ApiError =>
      new UnexpectedResponseError({
        code: 'unexpected_response',
        message: `The service answered HTTP ${status} with ${what} instead of the documented JSON.`,
        hint: ok || status < 500
          ? `Check that the base URL (${this.#baseUrl}) points at the workspace API, then try again.`
          : 'The service or a proxy in front of it is failing; try again in a moment.',
        status,
        path,
        retryAfterMs,
        secrets: this.secrets,
      });

    let text: string;
    try {
      text = decodeBody(raw, firstHeader(headers['content-encoding']), this.#maxResponseBytes).toString('utf8');
    } catch (error) {
      if (error instanceof ContentEncodingError && error.tooLarge) throw this.#tooLarge(path, status);
      if (error instanceof ContentEncodingError) throw unexpected(error.message);
      throw error;
    }
    // A change may be confirmed with 204 (or 200) and no body: it was made, there is nothing to read.
    if (ok && method !== 'GET' && text.trim() === '') return {};
    if (text.trim() === '') throw unexpected('an empty body');
    if (!JSON_CONTENT_TYPE.test(contentType)) {
      throw unexpected(/html/i.test(contentType) || /^\s*</.test(text) ? 'an HTML page' : `content-type "${contentType || 'none'}"`);
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw unexpected('truncated or invalid JSON');
    }
    if (data === null || typeof data !== 'object') throw unexpected('a JSON value that is not an object');
    if (ok) return data;

    const error = (data as Partial<ErrorBody>).error;
    if (!error || typeof error.code !== 'string' || typeof error.message !== 'string') {
      throw unexpected('JSON that is not the {error:{code,message,hint}} shape');
    }
    throw errorFromResponse({
      code: error.code,
      message: error.message,
      hint: typeof error.hint === 'string' && error.hint ? error.hint : defaultHint(status),
      status,
      path,
      retryAfterMs,
      currentUpdatedAt: typeof error.current_updated_at === 'string' ? error.current_updated_at : undefined,
      secrets: this.secrets,
    });
  }

  /** Final (never retried): the same request gets the same oversized answer. */
  #tooLarge(path: string, status: number): ApiError {
    return new ResponseTooLargeError({
      code: 'unexpected_response',
      message: `The service's answer is larger than the client's limit of ${describeBytes(this.#maxResponseBytes)} (maxResponseBytes), so it was not read.`,
      hint: 'Ask for less (a smaller page or a narrower filter), or raise maxResponseBytes (WSC_MAX_RESPONSE_BYTES for wsc) if such answers are expected.',
      status,
      path,
      secrets: this.secrets,
    });
  }

  #networkError(path: string, message: string, refused = false): ApiError {
    return new NetworkError({
      code: 'network_error',
      cannotConnect: refused,
      message,
      hint: `Check your connection and that the service at ${this.#baseUrl} is running; reads are retried automatically.`,
      status: 0,
      path,
      secrets: this.secrets,
    });
  }
}

function checkedBaseUrl(baseUrl: string): string {
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password) {
    throw new TypeError(
      `The service URL "${redact(baseUrl)}" is not an http(s) address. Use the service origin, e.g. https://workspace.example.com or http://127.0.0.1:4010.`,
    );
  }
  return baseUrl.replace(/\/+$/, '');
}

function checkedLimit(value: number | undefined): number {
  if (value === undefined) return DEFAULT_MAX_RESPONSE_BYTES;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new TypeError(`maxResponseBytes must be a positive whole number of bytes (got ${String(value)}).`);
  }
  return value;
}

function describeBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return mib >= 1 && Number.isInteger(mib) ? `${mib} MiB` : `${bytes} bytes`;
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Errors that say nothing is there to answer (refused, no route, no such host): asking again at once cannot help. */
const CANNOT_CONNECT = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EADDRNOTAVAIL']);

function cannotConnect(cause: unknown): boolean {
  const code = cause instanceof Error ? (cause as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && CANNOT_CONNECT.has(code);
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    const code = (cause as Error & { code?: unknown }).code;
    return typeof code === 'string' ? `${code} ${cause.message}` : cause.message;
  }
  return String(cause);
}

function defaultHint(status: number): string {
  if (status === 401) return 'Sign in again with a valid personal token (hpt_...).';
  if (status === 429) return 'Wait a moment and try again.';
  if (status >= 500) return 'The service failed; try again in a moment.';
  return 'Check the request and try again.';
}
