// Reads a JSON request body with a size limit. Oversized or malformed bodies are 400
// invalid_request (never 500); the rest of an oversized upload is drained so the client gets
// the answer instead of a reset connection. Text must be well-formed: invalid UTF-8 or a lone
// surrogate is refused rather than silently turned into U+FFFD. An upload the client abandons
// ends as ClientGone (nothing to answer, nothing to log).
import type { IncomingMessage } from 'node:http';
import { LIMITS } from '../../shared/contract';
import { invalidRequest } from '../errors';

const DRAIN_CAP = 64 * 1024 * 1024;

/** The client went away before its request body arrived: there is no one to answer. */
export class ClientGone extends Error {
  constructor() {
    super('The client closed the connection before the request body arrived.');
  }
}

export function readBody(req: IncomingMessage, limit = LIMITS.requestBodyMaxBytes): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > DRAIN_CAP) {
        req.destroy();
        return;
      }
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) {
        reject(invalidRequest(`The request body is larger than ${limit} bytes.`, 'Send a smaller body (split the content or shorten it).'));
      } else {
        resolve(Buffer.concat(chunks));
      }
    });
    // 'aborted' errors and a destroyed request (over DRAIN_CAP) both end here; after 'end' this is a no-op.
    req.on('error', () => reject(new ClientGone()));
    req.on('close', () => reject(new ClientGone()));
  });
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/** In a `u` regex, only an unpaired surrogate matches a surrogate range. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const BAD_TEXT_HINT = 'Send the body as UTF-8 text; a lone surrogate (such as \\ud800 without its pair) is not a character — check how the text was cut or encoded.';

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const raw = await readBody(req);
  if (raw.length === 0) return undefined;
  let text: string;
  try {
    text = strictUtf8.decode(raw);
  } catch {
    throw invalidRequest('The request body is not valid UTF-8.', BAD_TEXT_HINT);
  }
  if (nestingDepth(text) > MAX_JSON_DEPTH) {
    throw invalidRequest(
      `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`,
      'Send a flatter JSON object (the API has no deeply nested inputs).',
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw invalidRequest('The request body is not valid JSON.', 'Send a JSON object with Content-Type: application/json.');
  }
  // A \uD800-style escape parses into a lone surrogate, which later becomes U+FFFD when stored or sent.
  if (text.includes('\\u') && hasLoneSurrogate(value)) {
    throw invalidRequest('The request body contains a lone surrogate (an unpaired \\uD800–\\uDFFF escape).', BAD_TEXT_HINT);
  }
  return value;
}

/** Any string (or key) with an unpaired surrogate; depth is bounded by MAX_JSON_DEPTH. */
function hasLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(hasLoneSurrogate);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([key, v]) => LONE_SURROGATE.test(key) || hasLoneSurrogate(v));
  }
  return false;
}

/** Deeper bodies are refused before parsing: later steps (hashing, validation) recurse over them. */
export const MAX_JSON_DEPTH = 100;

/** The deepest `[`/`{` nesting outside strings, in one linear scan. */
function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) max = Math.max(max, ++depth);
    else if (c === 93 || c === 125) depth--;
  }
  return max;
}
