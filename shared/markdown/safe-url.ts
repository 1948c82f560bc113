/**
 * Link and image targets that may appear in rendered output: absolute http, https and mailto URLs
 * only. Everything else (javascript:, data:, vbscript:, file:, relative paths, obfuscated schemes)
 * is refused, and the caller shows the link as plain text.
 */

const ALLOWED_LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const ALLOWED_IMAGE_PROTOCOLS = new Set(['http:', 'https:']);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  lpar: '(',
  rpar: ')',
};

/** Decodes numeric and the few named character references an attacker uses to hide a scheme. */
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref.startsWith('#x') || ref.startsWith('#X')) return safeFromCodePoint(parseInt(ref.slice(2), 16), whole);
    if (ref.startsWith('#')) return safeFromCodePoint(parseInt(ref.slice(1), 10), whole);
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

function safeFromCodePoint(n: number, fallback: string): string {
  if (!Number.isFinite(n) || n < 0 || n > 0x10ffff) return fallback;
  return String.fromCodePoint(n);
}

function normalise(raw: string, allowed: Set<string>): string | null {
  // Browsers ignore controls and whitespace inside a scheme (`java\tscript:`); so do we, before judging.
  const decoded = decodeEntities(decodeEntities(raw)).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (decoded === '') return null;
  let url: URL;
  try {
    url = new URL(decoded);
  } catch {
    return null;
  }
  if (!allowed.has(url.protocol)) return null;
  if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname === '') return null;
  return url.href;
}

/** The normalised URL when it is a safe link target, else null. */
export function safeLinkUrl(raw: string): string | null {
  return normalise(raw, ALLOWED_LINK_PROTOCOLS);
}

/** The normalised URL when it is a safe image source, else null. */
export function safeImageUrl(raw: string): string | null {
  return normalise(raw, ALLOWED_IMAGE_PROTOCOLS);
}
