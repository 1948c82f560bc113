// The request pipeline: faults -> route match -> auth -> rate limit -> scopes -> body ->
// declared parameters and body (route schemas) -> idempotency -> handler (mutations in one transaction with their receipt) -> answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { API_PREFIX } from '../shared/contract';
import { authenticate, authorize } from './auth';
import { ApiError, credentialsMissing, internal, notFound, toApiError } from './errors';
import { ClientGone, readJson } from './http/body';
import { validateRequest } from './http/request-schemas';
import { idempotencyKeyOf, receiptScope } from './idempotency';
import { runReceiptedMutation } from './receipted-mutation';
import type { Router } from './router';
import type { AuthContext, AuthLevel, Method, Reply, RequestContext, Services } from './types';
import { omitNulls, renameFields, type Variant } from './variants';

const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export function createDispatcher(svc: Services, router: Router) {
  return async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    let path = '/';
    let isApi = false;
    let drop = false;
    let reply: Reply;
    try {
      const url = new URL(req.url ?? '/', 'http://local');
      path = url.pathname;
      isApi = path === '/api' || path.startsWith('/api/');
      if (isApi) {
        const delay = svc.control.faults.delayFor(path);
        if (delay > 0) await new Promise((r) => setTimeout(r, delay));
        if (svc.control.faults.takeFail500(path)) throw internal('Injected fault: fail500.');
        drop = svc.control.faults.takeDrop(path);
      }
      const method = (req.method ?? 'GET').toUpperCase();
      const found = METHODS.includes(method) ? router.match(method, path) : null;
      if (!found) throw notFound(`The path ${path}`, isApi ? 'Check the path against GET /api (discovery) or /api/v1/openapi.json.' : 'The local service serves /api, /api/v1/..., /docs/api and /_emulator/....');
      if ('methods' in found) {
        throw notFound(`${method} ${path}`, `This path supports ${[...new Set(found.methods)].join(', ')}.`);
      }
      const { route, params } = found;
      const level: AuthLevel = route.auth ?? (method === 'GET' ? 'read' : 'write');
      let auth: AuthContext | null = null;
      if (level !== 'none') {
        auth = authenticate(svc, req);
        if (path.startsWith(API_PREFIX)) svc.control.limiter.hit(svc, auth.tokenKey);
        authorize(auth, level);
      }
      const body = method === 'GET' ? undefined : await readJson(req);
      const input = validateRequest(route, params, url.searchParams, body);
      const mutation = route.mutation ?? (method !== 'GET' && level !== 'none');
      const key = mutation ? idempotencyKeyOf(req.headers['idempotency-key'], body) : null;
      const ctx: RequestContext = {
        svc,
        req,
        method: method as Method,
        path,
        params,
        query: input.query,
        rawQuery: url.searchParams,
        body: input.body,
        auth,
        signal: abort.signal,
        idempotencyKey: key,
        receiptScope: receiptScope(svc, method, route, params),
        who() {
          if (!auth) throw credentialsMissing('This route needs a token.', 'Send `Authorization: Bearer <token>`.');
          return auth;
        },
      };
      if (mutation) {
        reply = runReceiptedMutation(ctx, route, auth, body);
      } else {
        reply = await route.handler(ctx);
      }
      if (route.confirmation && svc.variant.has('no-content') && reply.status >= 200 && reply.status < 300) {
        reply = { status: 204, body: null };
      }
    } catch (error) {
      // An abandoned upload is the client's choice, not a fault of the service: nothing to log or answer.
      if (error instanceof ClientGone) return;
      if (!(error instanceof ApiError)) {
        process.stderr.write(`wsc serve: ${req.method} ${path} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      }
      const apiError = toApiError(error);
      reply = { status: apiError.status, body: apiError.toBody(), headers: apiError.headers };
    }
    if (drop) {
      // The effect is committed; the answer is lost on the way (a client must retry with its key).
      res.socket?.destroy();
      return;
    }
    send(res, isApi ? variantReply(svc.variant, reply) : reply, isApi ? encodingFor(svc.variant, req) : null);
  };
}

function variantReply(variant: Variant, reply: Reply): Reply {
  if (reply.status < 200 || reply.status >= 300 || reply.contentType || reply.status === 204) return reply;
  let body = reply.body;
  if (variant.has('omit-nulls')) body = omitNulls(body);
  if (variant.has('other-names')) body = renameFields(body);
  return body === reply.body ? reply : { ...reply, body };
}

/** gzip when the variant asks for it and the request allows it (no Accept-Encoding allows any coding). */
function encodingFor(variant: Variant, req: IncomingMessage): 'gzip' | null {
  if (!variant.has('gzip')) return null;
  const accept = req.headers['accept-encoding'];
  if (accept === undefined) return 'gzip';
  const allowed = accept.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    return (name === 'gzip' || name === '*') && !refused;
  });
  return allowed ? 'gzip' : null;
}

export function send(res: ServerResponse, reply: Reply, encoding: 'gzip' | null = null): void {
  if (res.headersSent || res.destroyed) return;
  if (reply.status === 204) {
    res.writeHead(204, { 'cache-control': 'no-store', ...reply.headers });
    res.end();
    return;
  }
  const text = reply.contentType ? String(reply.body) : JSON.stringify(reply.body);
  const bytes = encoding === 'gzip' ? gzipSync(text) : Buffer.from(text);
  res.writeHead(reply.status, {
    'content-type': reply.contentType ?? 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': bytes.byteLength,
    ...(encoding ? { 'content-encoding': encoding, vary: 'accept-encoding' } : {}),
    ...reply.headers,
  });
  res.end(bytes);
}

/** Reply helpers. */
export function json(status: number, body: unknown, headers?: Record<string, string>): Reply {
  return headers ? { status, body, headers } : { status, body };
}
export const ok = (body: unknown): Reply => json(200, body);
export const created = (body: unknown): Reply => json(201, body);
