// Small validators for bodies and query strings; each failure is a 400 that says what to send.
import { normalizeTimestamp } from './clock';
import { invalidRequest } from './errors';
import type { RequestContext } from './types';

export function bodyObject(ctx: RequestContext): Record<string, unknown> {
  const body = ctx.body ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidRequest('The request body must be a JSON object.', 'Send a JSON object, e.g. {"body":"..."}.');
  }
  return body as Record<string, unknown>;
}

/** Refuses keys outside `allowed` (requestId is always allowed: it is the idempotency key). */
export function onlyKeys(body: Record<string, unknown>, allowed: readonly string[]): void {
  const unknown = Object.keys(body).filter((k) => k !== 'requestId' && !allowed.includes(k));
  if (unknown.length > 0) {
    throw invalidRequest(`Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`, `Send only: ${allowed.join(', ')}.`);
  }
}

export function requiredString(body: Record<string, unknown>, key: string, options: { max?: number; allowEmpty?: boolean } = {}): string {
  const value = body[key];
  if (typeof value !== 'string' || (!options.allowEmpty && value.trim() === '')) {
    throw invalidRequest(`${key} is required and must be a non-empty string.`, `Send {"${key}": "..."}.`);
  }
  if (options.max !== undefined && value.length > options.max) {
    throw invalidRequest(`${key} is longer than ${options.max} characters.`, `Shorten ${key} to at most ${options.max} characters.`);
  }
  return value;
}

export function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`${key} must be a string.`, `Send ${key} as a JSON string or leave it out.`);
  return value;
}

/** limit query: default when absent, capped (not refused) above max, 400 when not a positive integer. */
export function queryLimit(ctx: RequestContext, fallback: number, max: number, name = 'limit'): number {
  const raw = ctx.query.get(name);
  if (raw === null || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw invalidRequest(`${name} must be a positive integer.`, `Send ${name} between 1 and ${max} (larger values are capped).`);
  return Math.min(n, max);
}

export function queryInt(ctx: RequestContext, name: string, min = 0): number | null {
  const raw = ctx.query.get(name);
  if (raw === null || raw === '') return null;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw invalidRequest(`${name} must be an integer of at least ${min}.`, `Send ${name} as a whole number, e.g. ${name}=${min}.`);
  return n;
}

/** An ISO timestamp query parameter (cursor, since), normalised to the service's microsecond form. */
export function queryTimestamp(ctx: RequestContext, name: string): string | null {
  const raw = ctx.query.get(name);
  if (raw === null || raw === '') return null;
  const normalized = normalizeTimestamp(raw);
  if (!normalized) {
    throw invalidRequest(`${name} must be an ISO timestamp.`, `Pass a created_at value exactly as the service returned it, e.g. ${name}=2026-11-21T10:00:00.123456Z.`);
  }
  return normalized;
}

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** Escapes a user string for `LIKE ? ESCAPE '\'`. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
