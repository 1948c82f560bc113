// Runs one REST route in-process for an MCP tool call, with the same rules as a REST request:
// the route's scope level (authorize), the token's rate window, and for mutations the idempotency
// receipt (same token, same METHOD + canonical resource, same key) inside one transaction. A key used over
// REST therefore replays over MCP too, and the other way round.
import type { IncomingMessage } from 'node:http';
import { authorize } from '../auth';
import { notFound } from '../errors';
import { validateRequest } from '../http/request-schemas';
import { receiptScope } from '../idempotency';
import { runReceiptedMutation } from '../receipted-mutation';
import type { Router } from '../router';
import type { AuthContext, AuthLevel, Method, Reply, RequestContext, Services } from '../types';

export interface RouteCall {
  method: Method;
  /** A REST path built with PATHS (ids already encoded). */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: Record<string, unknown>;
  /** The write's idempotency key (REST: Idempotency-Key header or body requestId). */
  idempotencyKey?: string | undefined;
}

export interface RouteCaller {
  svc: Services;
  router: Router;
  auth: AuthContext;
  /** The MCP HTTP request (handlers read headers such as x-service-client from it). */
  req: IncomingMessage;
  signal: AbortSignal;
}

export async function callRoute(caller: RouteCaller, call: RouteCall): Promise<Reply> {
  const { svc, router, auth } = caller;
  const found = router.match(call.method, call.path);
  if (!found || 'methods' in found) throw notFound(`${call.method} ${call.path}`);
  const { route, params } = found;
  const level: AuthLevel = route.auth ?? (call.method === 'GET' ? 'read' : 'write');
  svc.control.limiter.hit(svc, auth.tokenKey);
  authorize(auth, level);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) query.set(name, String(value));
  const input = validateRequest(route, params, query, call.body);
  const key = call.idempotencyKey ?? null;
  const ctx: RequestContext = {
    svc,
    req: caller.req,
    method: call.method,
    path: call.path,
    params,
    query: input.query,
    rawQuery: query,
    body: input.body,
    auth,
    signal: caller.signal,
    idempotencyKey: key,
    receiptScope: receiptScope(svc, call.method, route, params),
    who: () => auth,
  };
  const mutation = route.mutation ?? (call.method !== 'GET' && level !== 'none');
  if (!mutation) return await route.handler(ctx);
  return runReceiptedMutation(ctx, route, auth, call.body);
}
