// Everything a subcommand writes: JSON that cannot carry terminal controls, sanitised text lines
// (Markdown: markdown-output.ts), and the error line on stderr. Everything printed is SafeText
// (shared/markdown/safe-text.ts): server strings reach it only through safe(), safeText(),
// safeJson() or the Markdown renderer, so an unsanitised server string here does not compile.
import { asSent, isApiError, sanitizeTerminalLine, sanitizeTerminalText, type SafeText } from '../shared/core';
import { wantsColor } from '../term/colour';
import { exitCodeFor } from './exit-codes';

export interface Output {
  /** Colour only on a TTY and without NO_COLOR. */
  readonly color: boolean;
  readonly width: number | undefined;
  /** One JSON value on one line. */
  json(value: unknown): void;
  /** One line: our own words and sanitised server text, built with term`…` / safe(). */
  line(text?: SafeText): void;
  /** Text as is, without a newline added (e.g. a doc's raw body). */
  write(text: SafeText): void;
  /** Progress and notices on stderr (never on stdout, which scripts read). */
  note(text: SafeText): void;
  dim(text: SafeText): SafeText;
  bold(text: SafeText): SafeText;
}

/** DEL, C1 (a C1 CSI is as live as ESC [), BiDi controls and invisibles, incl. tag characters. */
const JSON_ESCAPED = /[\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\u{e0000}-\u{e007f}]/gu;

/**
 * JSON.stringify escapes C0 controls but leaves DEL, the C1 range and BiDi/invisible characters raw:
 * escape them too (the parsed value is unchanged) so --json output is always inert and readable.
 */
export function safeJson(value: unknown, indent?: number): SafeText {
  // Each object of a checked answer as the service sent it (see shared/validate/as-sent.ts).
  const text = JSON.stringify(value, (_key, v: unknown) => asSent(v), indent) ?? 'null';
  return text.replace(JSON_ESCAPED, (c) => [...Array(c.length).keys()].map((i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join('')) as SafeText;
}

let pagedStdout: NodeJS.WritableStream | undefined;

/** While a pager runs, text meant for process.stdout goes to it; colour and width still follow the terminal. */
export function routeStdout(sink: NodeJS.WritableStream | undefined): void {
  pagedStdout = sink;
}

export function createOutput(terminal: NodeJS.WriteStream = process.stdout, stderr: NodeJS.WriteStream = process.stderr, env = process.env): Output {
  const color = wantsColor(terminal, env);
  const width = terminal.isTTY && terminal.columns ? terminal.columns : undefined;
  const stdout: NodeJS.WritableStream = terminal === process.stdout && pagedStdout !== undefined ? pagedStdout : terminal;
  const sgr = (open: string, close: string) => (s: SafeText) => (color && s !== '' ? (`\x1b[${open}m${s}\x1b[${close}m` as SafeText) : s);
  return {
    color,
    width,
    json: (value) => void stdout.write(`${safeJson(value)}\n`),
    line: (text) => void stdout.write(`${text ?? ''}\n`),
    write: (text) => void stdout.write(text),
    note: (text) => void stderr.write(`${text}\n`),
    dim: sgr('2', '22'),
    bold: sgr('1', '22'),
  };
}

/** One-line server text (names, titles, ids). */
export const safe = (s: string | null | undefined): SafeText => sanitizeTerminalLine(s ?? '');
/** Multi-line server text shown as is (no Markdown). */
export const safeText = (s: string | null | undefined): SafeText => sanitizeTerminalText(s ?? '');

/**
 * Prints `wsc: <message> [code]` and `  hint: <hint>` on stderr and returns the exit code. Server
 * texts are sanitised; the shared layer has already redacted tokens from them.
 */
export function reportError(error: unknown, stderr: NodeJS.WritableStream = process.stderr, options: { json?: boolean } = {}): number {
  let code = 'error';
  let message: string;
  let hint = '';
  if (isApiError(error) || (error instanceof Error && 'hint' in error && 'code' in error)) {
    const e = error as Error & { code: string; hint: string };
    code = e.code;
    message = e.message;
    hint = e.hint;
  } else if (error instanceof Error) {
    message = error.message;
    hint = 'This looks like a bug in wsc; please report it with the command you ran.';
  } else {
    message = String(error);
  }
  const exitCode = exitCodeFor(error);
  if (options.json) {
    // Under --json the error is one JSON line too (still on stderr, so stdout stays the data).
    stderr.write(`${safeJson({ error: { code, message, hint, exitCode } })}\n`);
    return exitCode;
  }
  stderr.write(`wsc: ${sanitizeTerminalLine(message)} [${code}]\n`);
  if (hint) stderr.write(`  hint: ${sanitizeTerminalLine(hint)}\n`);
  return exitCode;
}

export { term, joinSafe, padSafe, padStartSafe, type SafeText } from '../shared/core';
