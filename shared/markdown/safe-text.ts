/**
 * SafeText: text that may be written to a terminal. The brand exists only in the type system; the
 * sanitiser (sanitizeTerminalText / sanitizeTerminalLine) and the Markdown terminal renderer are its
 * only producers of server text, and `term` builds it from our own literals plus SafeText parts.
 * The CLI's Output and the TUI's list rows take SafeText only, so a server string passed to them
 * unsanitised is a compile error, not a terminal escape.
 */
import { sanitizeTerminalLine } from './sanitize-terminal';
import type { SafeText } from './safe-text-brand';
import { wrapStyled } from './wrap';

export type { SafeText } from './safe-text-brand';

/**
 * Tagged template for terminal text: the literal parts are ours (the source code), and every
 * interpolated part must already be SafeText, a number or ''. `term\`Posted ${safe(id)}\``.
 */
export function term(literals: TemplateStringsArray, ...parts: ReadonlyArray<SafeText | number | ''>): SafeText {
  let out = literals[0] ?? '';
  parts.forEach((part, i) => {
    out += String(part) + (literals[i + 1] ?? '');
  });
  return out as SafeText;
}

/** Joins SafeText parts with one of our own separators. */
export function joinSafe(parts: readonly SafeText[], separator: string): SafeText {
  return parts.join(sanitizeTerminalLine(separator)) as SafeText;
}

/** Pads SafeText with spaces on the right to `length` characters. */
export function padSafe(text: SafeText, length: number): SafeText {
  return text.padEnd(length) as SafeText;
}

/** Pads SafeText with spaces on the left to `length` characters. */
export function padStartSafe(text: SafeText, length: number): SafeText {
  return text.padStart(length) as SafeText;
}

/** Splits SafeText into its lines. */
export function safeLines(text: SafeText): SafeText[] {
  return text.split('\n') as SafeText[];
}

/** Wraps SafeText (with its SGR styling) to `width` columns. */
export function wrapSafe(text: SafeText, width: number): SafeText[] {
  return wrapStyled(text, width) as SafeText[];
}
