// Who may use the control API: a process on this machine that knows the per-run key. The key is
// printed only in `wsc serve`'s first stdout line (controlKey) and sent in `x-emulator-key`; a web
// page cannot read it, and a page that tries anyway is refused by its Origin, and a DNS-rebound
// name by its Host, before the key is even looked at.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isLoopback } from '../auth';
import { notFound, unauthorized } from '../errors';
import { LOOPBACK_ONLY, refuseForeignHost } from '../http/allowed-hosts';
import type { RequestContext } from '../types';

export const CONTROL_KEY_HEADER = 'x-emulator-key';

export function newControlKey(): string {
  return randomBytes(24).toString('base64url');
}

function sameDigest(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

export function requireControlAccess(ctx: RequestContext, controlKey: string): void {
  if (!isLoopback(ctx.req.socket.remoteAddress ?? '')) throw notFound(`The path ${ctx.path}`, 'The control API answers only on loopback.');
  // Loopback names only, even when --allow-remote names others: the control API is this machine's.
  const foreign = refuseForeignHost(ctx.req, LOOPBACK_ONLY);
  if (foreign) throw foreign;
  const key = ctx.req.headers[CONTROL_KEY_HEADER];
  if (typeof key !== 'string' || key === '' || !sameDigest(key, controlKey)) {
    throw unauthorized(
      key ? 'The control API key is not this run\'s.' : 'The control API needs this run\'s key.',
      `Send the controlKey from the first stdout line of wsc serve in the ${CONTROL_KEY_HEADER} header.`,
    );
  }
}
