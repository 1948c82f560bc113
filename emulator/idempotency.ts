// Mutation receipts: (token, METHOD canonical-resource, key) -> the original status and body. A
// repeat with the same key and the same body replays the answer without repeating the effect; the
// same key with a different body is 409 conflict. Only successful (2xx) answers are kept, so a
// request that failed can be retried with its key after fixing it. Before a replay, the rights the
// first call relied on are checked again (replay-grants.ts).
import { createHash } from 'node:crypto';
import { LIMITS } from '../shared/contract';
import { canRead, getChannel } from './access';
import { conflict, invalidRequest } from './errors';
import { currentGrants, lostGrant, type Grants } from './replay-grants';
import type { AuthContext, RequestContext, Route, Services } from './types';

export interface StoredReceipt {
  status: number;
  body: unknown;
}

/** The Idempotency-Key header, else a string body.requestId; validated (max 160). */
export function idempotencyKeyOf(header: string | string[] | undefined, body: unknown): string | null {
  let key: unknown = Array.isArray(header) ? header[0] : header;
  if (key === undefined && typeof body === 'object' && body !== null && !Array.isArray(body)) {
    key = (body as Record<string, unknown>).requestId;
  }
  if (key === undefined || key === null) return null;
  if (typeof key !== 'string' || key.length === 0 || key.length > LIMITS.requestIdMax) {
    throw invalidRequest(
      `The idempotency key must be a non-empty string of at most ${LIMITS.requestIdMax} characters.`,
      'Send a shorter Idempotency-Key header or requestId (a UUID works well).',
    );
  }
  return key;
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body ?? null)).digest('hex');
}

/**
 * The resource a receipt is keyed on: the route's pattern with its params filled in as the route
 * names them canonically. `/messages` and `/messages/`, or a task as `T-3` and as its uuid, are one
 * resource, so one key cannot store the same write twice.
 */
export function receiptScope(svc: Services, method: string, route: Route, params: Record<string, string>): string {
  const canonical = route.canonicalParams ? { ...params, ...route.canonicalParams(svc, params) } : params;
  const path = route.path
    .split('/')
    .filter((s) => s.length > 0)
    .map((segment) => {
      const name = segment.startsWith(':') ? segment.slice(1) : /^%3a/i.test(segment) ? segment.slice(3) : null;
      return name === null ? segment : encodeURIComponent(canonical[name] ?? '');
    });
  return `${method} /${path.join('/')}`;
}

/**
 * The stored answer for a repeat of the same request, or null for a first call. Throws 409 when the
 * key was used for a different request, and the current error when the caller lost a right the
 * first call relied on.
 */
export function findReceipt(svc: Services, who: AuthContext, scope: string, key: string, hash: string): StoredReceipt | null {
  const row = svc.db
    .prepare('SELECT request_hash, status, body FROM receipts WHERE token_key = ? AND scope = ? AND key = ?')
    .get(who.tokenKey, scope, key) as { request_hash: string; status: number; body: string } | undefined;
  if (!row) return null;
  if (row.request_hash !== hash) {
    throw conflict(
      'This idempotency key was already used for a different request.',
      'Use a new Idempotency-Key (or requestId) for a different request; reuse a key only to retry the exact same request.',
    );
  }
  const grants = svc.db
    .prepare('SELECT role, channels FROM receipt_grants WHERE token_key = ? AND scope = ? AND key = ?')
    .get(who.tokenKey, scope, key) as { role: Grants['role']; channels: string } | undefined;
  if (grants) {
    const lost = lostGrant(who, { role: grants.role, channels: JSON.parse(grants.channels) as string[] }, (channelId) => {
      const channel = getChannel(svc, channelId);
      return channel !== null && canRead(svc, who, channel);
    });
    if (lost) throw lost;
  }
  return { status: row.status, body: JSON.parse(row.body) as unknown };
}

/** Keeps a first answer, with the rights it relied on (call inside recordingGrants). */
export function saveReceipt(svc: Services, who: AuthContext, scope: string, key: string, hash: string, receipt: StoredReceipt): void {
  svc.db
    .prepare('INSERT OR REPLACE INTO receipts (token_key, scope, key, request_hash, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(who.tokenKey, scope, key, hash, receipt.status, JSON.stringify(receipt.body), svc.clock.nowIso());
  // Rights as they stand after the effect: leaving or deleting a room, or giving up one's own role,
  // must still replay; only a right lost later blocks the replay.
  const noted = currentGrants(who);
  const role = (svc.db.prepare('SELECT role FROM people WHERE id = ?').get(who.personId) as { role: Grants['role'] } | undefined)?.role ?? noted.role;
  const channels = noted.channels.filter((channelId) => {
    const channel = getChannel(svc, channelId);
    return channel !== null && canRead(svc, { personId: who.personId, role }, channel);
  });
  svc.db
    .prepare('INSERT OR REPLACE INTO receipt_grants (token_key, scope, key, role, channels) VALUES (?, ?, ?, ?, ?)')
    .run(who.tokenKey, scope, key, role, JSON.stringify(channels));
}

/** For generic actions: the receipt object of a first (not replayed) answer. */
export function newActionReceipt(ctx: RequestContext): { actionId: string; requestId: string; replayed: boolean } {
  return { actionId: ctx.svc.newId(), requestId: ctx.idempotencyKey ?? ctx.svc.newId(), replayed: false };
}

/** Route.onReplay for actions: the stored body with receipt.replayed = true. */
export function markReplayed(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const b = body as Record<string, unknown>;
  const receipt = b.receipt;
  if (typeof receipt !== 'object' || receipt === null) return body;
  return { ...b, receipt: { ...(receipt as Record<string, unknown>), replayed: true } };
}
