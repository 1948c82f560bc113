// Response bodies in any coding HTTP allows a service to choose: gzip, deflate and br, decoded with
// node:zlib (whole bodies, bounded so a small hostile body cannot expand without limit). zlib is
// fetched when a body is coded, not imported: a one-shot command whose answer is plain never loads it.
type Zlib = typeof import('node:zlib');
const zlib = (): Zlib => process.getBuiltinModule('node:zlib');

/** What the client asks for; a service may still pick any of these (or none). */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/** The largest decoded body accepted when the caller names no limit. */
export const MAX_DECODED_BYTES = 64 * 1024 * 1024;

export class ContentEncodingError extends Error {
  constructor(
    message: string,
    /** The body decodes to more than the limit (not a broken body). */
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

/** Undoes the codings in `header` (applied in order, so undone last-first); identity passes through. */
export function decodeBody(body: Buffer, header: string | undefined, maxBytes: number = MAX_DECODED_BYTES): Buffer {
  const codings = (header ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  let out = body;
  if (codings.length === 0) return out;
  const { brotliDecompressSync, gunzipSync } = zlib();
  for (const coding of codings.reverse()) {
    if (out.byteLength === 0) break;
    const limits = { maxOutputLength: maxBytes };
    try {
      if (coding === 'gzip' || coding === 'x-gzip') out = gunzipSync(out, limits);
      else if (coding === 'br') out = brotliDecompressSync(out, limits);
      else if (coding === 'deflate') out = inflateDeflate(out, limits);
      else throw new ContentEncodingError(`the content coding "${coding}" (the client decodes gzip, deflate and br)`);
    } catch (error) {
      if (error instanceof ContentEncodingError) throw error;
      const tooLarge = (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || /maxOutputLength|buffer.*large/i.test(String(error));
      throw new ContentEncodingError(tooLarge ? `a ${coding} body larger than ${maxBytes} bytes once decoded` : `a ${coding} body that does not decode`, tooLarge);
    }
  }
  return out;
}

// "deflate" is zlib-wrapped by the standard; some servers send the raw stream.
function inflateDeflate(body: Buffer, limits: { maxOutputLength: number }): Buffer {
  const { inflateRawSync, inflateSync } = zlib();
  try {
    return inflateSync(body, limits);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'Z_DATA_ERROR') return inflateRawSync(body, limits);
    throw error;
  }
}
