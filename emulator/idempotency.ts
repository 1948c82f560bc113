// Mutation receipts: (token, METHOD path, key) -> the original status and body. A repeat with the
// same key and the same body replays the answer without repeating the effect; the same key with
// a different body is 409 conflict. Only successful (2xx) answers are kept, so a request that
// failed can be retried with its key after fixing it.
import { createHash } from 'node:crypto';
import { LIMITS } from '../shared/contract';
import { conflict, invalidRequest } from './errors';
import type { RequestContext, Services } from './types';

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

export function findReceipt(svc: Services, tokenKey: string, scope: string, key: string, hash: string): StoredReceipt | null {
  const row = svc.db
    .prepare('SELECT request_hash, status, body FROM receipts WHERE token_key = ? AND scope = ? AND key = ?')
    .get(tokenKey, scope, key) as { request_hash: string; status: number; body: string } | undefined;
  if (!row) return null;
  if (row.request_hash !== hash) {
    throw conflict(
      'This idempotency key was already used for a different request.',
      'Use a new Idempotency-Key (or requestId) for a different request; reuse a key only to retry the exact same request.',
    );
  }
  return { status: row.status, body: JSON.parse(row.body) as unknown };
}

export function saveReceipt(svc: Services, tokenKey: string, scope: string, key: string, hash: string, receipt: StoredReceipt): void {
  svc.db
    .prepare('INSERT OR REPLACE INTO receipts (token_key, scope, key, request_hash, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(tokenKey, scope, key, hash, receipt.status, JSON.stringify(receipt.body), svc.clock.nowIso());
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
