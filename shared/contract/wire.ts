// What every endpoint shares: the path prefix, header names and the bare confirmation answer.

import { Type, type Static } from './schema-kit';

export const API_PREFIX = '/api/v1';

/** Header names. */
export const HEADERS = {
  authorization: 'authorization',
  client: 'x-service-client',
  idempotencyKey: 'idempotency-key',
  retryAfter: 'retry-after',
  wwwAuthenticate: 'www-authenticate',
  webhookKey: 'x-webhook-key',
} as const;

/** Confirmation answer of PATCH/DELETE/PUT endpoints that return no resource. */
export const ConfirmationSchema = Type.Object({ ok: Type.Literal(true) }, { $id: 'Confirmation' });
export type Confirmation = Static<typeof ConfirmationSchema>;
