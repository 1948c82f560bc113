// Whether content is text a message can carry: no NUL, valid UTF-8 (bytes) or UTF-16 (strings).

/** Bytes read from a file: binary when they hold a NUL or are not valid UTF-8. */
export function isBinaryBytes(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return false;
  } catch {
    return true;
  }
}

/** A string that cannot be text: a NUL or a lone surrogate half. */
export function isBinaryString(text: string): boolean {
  return /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}
