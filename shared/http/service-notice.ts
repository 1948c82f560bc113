// Deprecation (RFC 9745) and Sunset (RFC 8594) headers: the service saying this API is going away.
// Read on every answer; a Client tells its listeners once per session (shared/client.ts).

export interface ServiceNotice {
  kind: 'deprecation' | 'sunset';
  /** The request path that carried it. */
  path: string;
  /** An ISO date when the header gave one; the raw value otherwise. */
  when: string | null;
  /** A `Link` with rel="deprecation" or rel="sunset" (documentation of the change), when given. */
  link: string | null;
}

type Headers = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/** `@1688169599` (RFC 9745), an HTTP date (Sunset, older drafts) or `true`. */
function dateOf(value: string): string | null {
  const at = /^@(-?\d+)$/.exec(value.trim());
  const ms = at ? Number(at[1]) * 1000 : Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : null;
}

function linkFor(headers: Headers, rel: string): string | null {
  const raw = headers.link;
  const all = (Array.isArray(raw) ? raw.join(',') : (raw ?? '')).split(/,(?=\s*<)/);
  for (const part of all) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (match && new RegExp(`rel="?[^"]*\\b${rel}\\b`, 'i').test(match[2] ?? '') && /^https?:\/\//i.test(match[1] ?? '')) return match[1] ?? null;
  }
  return null;
}

export function noticesFrom(headers: Headers, path: string): ServiceNotice[] {
  const out: ServiceNotice[] = [];
  const deprecation = first(headers.deprecation);
  if (deprecation !== undefined && deprecation.trim() !== '' && deprecation.trim().toLowerCase() !== 'false') {
    out.push({ kind: 'deprecation', path, when: dateOf(deprecation), link: linkFor(headers, 'deprecation') });
  }
  const sunset = first(headers.sunset);
  if (sunset !== undefined && sunset.trim() !== '') out.push({ kind: 'sunset', path, when: dateOf(sunset), link: linkFor(headers, 'sunset') });
  return out;
}

/** One sentence for a person, with what to do. */
export function describeServiceNotice(notice: ServiceNotice): string {
  const see = notice.link ? ` See ${notice.link}.` : ' Ask the service operator what replaces it.';
  return notice.kind === 'deprecation'
    ? `The service marks this API as deprecated${notice.when ? ` (since ${notice.when})` : ''} (${notice.path}); it still works for now.${see}`
    : `The service will stop answering this API${notice.when ? ` on ${notice.when}` : ' soon'} (${notice.path}).${see}`;
}
