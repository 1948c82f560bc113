// What a route's schema cannot say (a timestamp's ISO form, an http(s) URL) and a LIKE pattern;
// each failure is a 400 that says what to send.
import { normalizeTimestamp } from './clock';
import { invalidRequest } from './errors';

/**
 * A timestamp query parameter (cursor, since) normalised to the service's microsecond form; null
 * when left out. Its schema declares a bounded string; the ISO form is checked here.
 */
export function timestampParameter(name: string, raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  const normalized = normalizeTimestamp(raw);
  if (!normalized) {
    throw invalidRequest(`${name} must be an ISO timestamp.`, `Pass a created_at value exactly as the service returned it, e.g. ${name}=2026-11-21T10:00:00.123456Z.`);
  }
  return normalized;
}

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** Escapes a user string for `LIKE ? ESCAPE '\'`. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
