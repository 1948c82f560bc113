// Which handles a message body can mention, written at post time (schema.ts: message_mentions) so
// finding a person's mentions is an index lookup rather than a scan of every message they can read.
//
// The mention rule (routes/mentions.ts) is `(^|[^\w@.])@handle(?![\w-])`, case-insensitive. For each
// '@' that may start a mention, every prefix of the text after it that ends where the next character
// is not [\w-] is a handle it would match; those prefixes, lower-cased, are the message's tokens. A
// prefix stops at whitespace, at another '@' and at MAX_TOKEN_CHARS: handles with those (see
// indexableHandle) are looked up by a scan of the readable messages instead.
import type Database from 'better-sqlite3';

export const MAX_TOKEN_CHARS = 64;
const WORD = /[\w-]/;
const MAY_PRECEDE = /[^\w@.]/;
const ENDS_RUN = /[\s@]/;

export function mentionTokens(body: string): string[] {
  const tokens = new Set<string>();
  for (let at = body.indexOf('@'); at !== -1; at = body.indexOf('@', at + 1)) {
    if (at > 0 && !MAY_PRECEDE.test(body[at - 1] as string)) continue;
    const end = Math.min(body.length, at + 1 + MAX_TOKEN_CHARS);
    for (let i = at + 1; i < end; i++) {
      const next = body[i + 1];
      if (next === undefined || !WORD.test(next)) tokens.add(body.slice(at + 1, i + 1).toLowerCase());
      if (next === undefined || ENDS_RUN.test(next)) break;
    }
  }
  return [...tokens];
}

/** Whether a handle's mentions are all found through its token (see the header). */
export function indexableHandle(handle: string): boolean {
  return handle.length > 0 && handle.length <= MAX_TOKEN_CHARS && !/[\s@]/.test(handle);
}

export function mentionToken(handle: string): string {
  return handle.toLowerCase();
}

/** The SQL function the message_mentions triggers call: a JSON array of the body's tokens. */
export function registerMentionTokens(db: Database.Database): void {
  db.function('wsc_mention_tokens', { deterministic: true }, (body: unknown) =>
    JSON.stringify(typeof body === 'string' ? mentionTokens(body) : []),
  );
}
