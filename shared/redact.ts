import { AGENT_TOKEN_PREFIX, PERSONAL_TOKEN_PREFIX } from './contract';

export const REDACTED = '[redacted]';

// A credential starts with a letter or digit and is not a plain lowercase word: the words that
// describe one (`Bearer <token>`, `hpt_...`, `hpt_…`, `Bearer $WSC_TOKEN`, "a Bearer token", "Bearer
// authentication") stay readable, so the service's hints still make sense.
const BEARER = /\b(Bearer)\s+([A-Za-z0-9][^\s"',;<>`]*)/gi;
const PLAIN_WORD = /^[a-z]+$/;
const PREFIXED_TOKEN = new RegExp(`\\b(?:${PERSONAL_TOKEN_PREFIX}|${AGENT_TOKEN_PREFIX})[A-Za-z0-9][A-Za-z0-9._~+/=-]*`, 'g');

/**
 * Removes bearer credentials, `hpt_`/`mgo_` token-like strings and any of `secrets` (exact
 * matches, for tokens without a known prefix) from text meant for people or logs.
 */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  }
  return out.replace(BEARER, (all: string, bearer: string, value: string) => (PLAIN_WORD.test(value) ? all : `${bearer} ${REDACTED}`)).replace(PREFIXED_TOKEN, REDACTED);
}

/** Redacts every string inside a JSON-like value (for structured log fields). */
export function redactValue(value: unknown, secrets: readonly string[] = []): unknown {
  if (typeof value === 'string') return redact(value, secrets);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, secrets));
  if (value instanceof Error) return redact(String(value), secrets);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactValue(v, secrets);
    return out;
  }
  return value;
}
