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
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw invalidRequest('The request body is not valid JSON.', 'Send a JSON object with Content-Type: application/json.');
  }
}
