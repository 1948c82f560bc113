import { SERVICE_PATHS } from '../contract';

/**
 * The Realtime endpoint to hand to `new RealtimeClient(...)`: a ws(s) URL is used as given; an
 * http(s) project URL gets ws(s) and `/realtime/v1` appended (as supabase-js builds it).
 */
export function realtimeEndpoint(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`The wake coordinates carry an invalid realtime url (${JSON.stringify(url)}); check the service's GET /api/v1/me/wake.`);
  }
  const path = parsed.pathname.replace(/\/+$/, '');
  if (parsed.protocol === 'ws:' || parsed.protocol === 'wss:') {
    parsed.pathname = path;
    return stripTrailingSlash(parsed.toString());
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`The wake coordinates carry an unsupported realtime url scheme ${parsed.protocol}; expected http(s) or ws(s).`);
  }
  parsed.protocol = parsed.protocol === 'https:' ? 'wss:' : 'ws:';
  parsed.pathname = path.endsWith(SERVICE_PATHS.realtime) ? path : `${path}${SERVICE_PATHS.realtime}`;
  return stripTrailingSlash(parsed.toString());
}

function stripTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
