// Who may use the control API: a process on this machine that knows the per-run key. The key is
// printed only in `wsc serve`'s first stdout line (controlKey) and sent in `x-emulator-key`; a web
// page cannot read it, and a page that tries anyway is refused by its Origin, and a DNS-rebound
// name by its Host, before the key is even looked at.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isLoopback } from '../auth';
import { notFound, permissionRequired, unauthorized } from '../errors';
import type { RequestContext } from '../types';

export const CONTROL_KEY_HEADER = 'x-emulator-key';

export function newControlKey(): string {
  return randomBytes(24).toString('base64url');
}

/** The host name of a Host header or an Origin, without port or brackets; '' when unreadable. */
function hostName(value: string, isOrigin: boolean): string {
  try {
    return new URL(isOrigin ? value : `http://${value}`).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return '';
  }
}

const isLoopbackName = (name: string) => name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);

function sameDigest(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

export function requireControlAccess(ctx: RequestContext, controlKey: string): void {
  if (!isLoopback(ctx.req.socket.remoteAddress ?? '')) throw notFound(`The path ${ctx.path}`, 'The control API answers only on loopback.');
  const host = ctx.req.headers.host ?? '';
  if (!isLoopbackName(hostName(host, false))) {
    throw permissionRequired(
      `The control API answers only requests addressed to 127.0.0.1 or localhost, not '${host.slice(0, 100)}'.`,
      'Call it at the url from the first line of wsc serve.',
    );
  }
  const origin = ctx.req.headers.origin;
  const site = ctx.req.headers['sec-fetch-site'];
  if ((origin !== undefined && !isLoopbackName(hostName(origin, true))) || site === 'cross-site') {
    throw permissionRequired('The control API refuses requests from web pages of other sites.', 'Call it from a local process, not from a browser page.');
  }
  const key = ctx.req.headers[CONTROL_KEY_HEADER];
  if (typeof key !== 'string' || key === '' || !sameDigest(key, controlKey)) {
    throw unauthorized(
      key ? 'The control API key is not this run\'s.' : 'The control API needs this run\'s key.',
      `Send the controlKey from the first stdout line of wsc serve in the ${CONTROL_KEY_HEADER} header.`,
    );
  }
}
