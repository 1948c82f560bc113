// Which names a request may address the service by (Host) and which web pages may call it (Origin).
// A page on another site can have its DNS name point at 127.0.0.1 (DNS rebinding) or post to
// localhost from the browser; both carry that site's name in Host or Origin, so every route
// (REST, MCP, discovery, the realtime upgrade, the control API) refuses them with 403 before
// anything else runs. Loopback names are always allowed; `wsc serve --allow-remote NAMES` adds
// the names other machines use to reach the service.
import type { IncomingMessage } from 'node:http';
import { permissionRequired, type ApiError } from '../errors';

/** The host name of a Host header or an Origin, lowercase, without port or brackets; '' when unreadable. */
export function hostNameOf(value: string, isOrigin: boolean): string {
  try {
    return new URL(isOrigin ? value : `http://${value}`).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return '';
  }
}

export function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/**
 * The host names of an `--allow-remote` list: each entry a host name, an address or an origin
 * (`https://box.lan:8787`). Returns an error sentence for an entry that is none of these.
 */
export function parseAllowedHosts(list: string): string[] | string {
  const names: string[] = [];
  for (const raw of list.split(',').map((s) => s.trim()).filter((s) => s !== '')) {
    const name = hostNameOf(raw, raw.includes('://'));
    if (name === '' || /[\s/?#@]/.test(name)) return `'${raw.slice(0, 100)}' is not a host name, address or origin`;
    names.push(name);
  }
  if (names.length === 0) return 'needs the host names other machines use to reach this service, e.g. --allow-remote box.lan,192.168.1.20';
  return names;
}

export interface HostPolicy {
  /** Host names allowed besides loopback (lowercase, no port). */
  allowed: ReadonlySet<string>;
}

export const LOOPBACK_ONLY: HostPolicy = { allowed: new Set() };

function allowedName(policy: HostPolicy, name: string): boolean {
  return isLoopbackName(name) || policy.allowed.has(name);
}

// A client sends the same Host on every request: its parsed name is kept (a few distinct values).
const hostNames = new Map<string, string>();

function cachedHostName(host: string): string {
  let name = hostNames.get(host);
  if (name === undefined) {
    name = hostNameOf(host, false);
    if (hostNames.size >= 32) hostNames.clear();
    hostNames.set(host, name);
  }
  return name;
}

/** Why this request must be refused (403), or null when its Host and Origin are allowed. */
export function refuseForeignHost(req: IncomingMessage, policy: HostPolicy): ApiError | null {
  const host = req.headers.host ?? '';
  if (!allowedName(policy, cachedHostName(host))) {
    return permissionRequired(
      `This service answers only requests addressed to 127.0.0.1 or localhost${policy.allowed.size > 0 ? ' or a name given to --allow-remote' : ''}, not '${host.slice(0, 100)}'.`,
      "Use the url from the first line of 'wsc serve'; to reach it by another name, start it with --allow-remote NAME.",
    );
  }
  const origin = req.headers.origin;
  const site = req.headers['sec-fetch-site'];
  if ((origin !== undefined && !allowedName(policy, hostNameOf(origin, true))) || site === 'cross-site') {
    return permissionRequired(
      `This service refuses requests from web pages of other sites (Origin '${(origin ?? '').slice(0, 100)}').`,
      'Call it from a local program (CLI, editor, agent), not from a browser page of another site.',
    );
  }
  return null;
}
