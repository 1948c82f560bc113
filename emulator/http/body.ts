// Reads a JSON request body with a size limit. Oversized or malformed bodies are 400
// invalid_request (never 500); the rest of an oversized upload is drained so the client gets
// the answer instead of a reset connection.
import type { IncomingMessage } from 'node:http';
import { LIMITS } from '../../shared/contract';
import { invalidRequest } from '../errors';

const DRAIN_CAP = 64 * 1024 * 1024;

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
    req.on('error', reject);
  });
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const raw = await readBody(req);
  if (raw.length === 0) return undefined;
  const text = raw.toString('utf8');
  if (nestingDepth(text) > MAX_JSON_DEPTH) {
    throw invalidRequest(
      `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`,
      'Send a flatter JSON object (the API has no deeply nested inputs).',
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidRequest('The request body is not valid JSON.', 'Send a JSON object with Content-Type: application/json.');
  }
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
