// One mutation with its idempotency receipt, for REST (dispatch.ts) and MCP (mcp/call-route.ts)
// alike: a stored receipt replays once the caller's rights are re-checked (findReceipt), else the
// handler runs and its receipt is saved in the same transaction, with the rights it relied on.
import { findReceipt, requestHash, saveReceipt } from './idempotency';
import { recordingGrants } from './replay-grants';
import type { AuthContext, Reply, RequestContext, Route } from './types';

export function runReceiptedMutation(ctx: RequestContext, route: Route, auth: AuthContext | null, body: unknown): Reply {
  const { svc, idempotencyKey: key, receiptScope: scope } = ctx;
  const hash = requestHash(body);
  const stored = key && auth ? findReceipt(svc, auth, scope, key, hash) : null;
  if (stored) return { status: stored.status, body: route.onReplay ? route.onReplay(stored.body) : stored.body };
  const run = (): Reply => {
    const result = route.handler(ctx);
    if (result instanceof Promise) throw new Error(`mutation handler ${route.method} ${route.path} must be synchronous`);
    if (key && auth && result.status >= 200 && result.status < 300) {
      saveReceipt(svc, auth, scope, key, hash, { status: result.status, body: result.body });
    }
    return result;
  };
  return svc.transaction(() => (auth ? recordingGrants(auth, run) : run()));
}
