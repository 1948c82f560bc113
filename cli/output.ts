// Everything a subcommand writes: JSON that cannot carry terminal controls, sanitised text lines,
// Markdown rendered for the terminal, and the error line on stderr.
import { isApiError, renderMarkdownTerminal, sanitizeTerminalLine, sanitizeTerminalText } from '../shared/index';
import { wantsColor } from '../term/colour';
import { exitCodeFor } from './exit-codes';

export interface Output {
  /** Colour only on a TTY and without NO_COLOR. */
  readonly color: boolean;
  readonly width: number | undefined;
  /** One JSON value on one line. */
  json(value: unknown): void;
  /** Text that was already made safe (our own words, or sanitised server text). */
  line(text?: string): void;
  /** Server Markdown rendered for the terminal, each line indented. */
  markdown(body: string, indent?: string): void;
  /** Progress and notices on stderr (never on stdout, which scripts read). */
  note(text: string): void;
  dim(text: string): string;
  bold(text: string): string;
}

/**
 * JSON.stringify escapes C0 controls but leaves DEL and the C1 range (U+007F–U+009F) raw, and a C1
 * CSI is as live as ESC [ on many terminals: escape them too so --json output is always inert.
 */
export function safeJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(/[\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function createOutput(stdout: NodeJS.WriteStream = process.stdout, stderr: NodeJS.WriteStream = process.stderr, env = process.env): Output {
  const color = wantsColor(stdout, env);
  const width = stdout.isTTY && stdout.columns ? stdout.columns : undefined;
  const sgr = (open: string, close: string) => (s: string) => (color && s !== '' ? `\x1b[${open}m${s}\x1b[${close}m` : s);
  return {
    color,
    width,
    json: (value) => void stdout.write(`${safeJson(value)}\n`),
    line: (text = '') => void stdout.write(`${text}\n`),
    markdown(body, indent = '') {
      const inner = width !== undefined ? Math.max(20, width - indent.length) : undefined;
      const rendered = renderMarkdownTerminal(body, { color, width: inner });
      for (const l of rendered.split('\n')) stdout.write(`${indent}${l}\n`);
    },
    note: (text) => void stderr.write(`${text}\n`),
    dim: sgr('2', '22'),
    bold: sgr('1', '22'),
  };
}

/** One-line server text (names, titles, ids). */
export const safe = (s: string | null | undefined): string => sanitizeTerminalLine(s ?? '');
/** Multi-line server text shown as is (no Markdown). */
export const safeText = (s: string | null | undefined): string => sanitizeTerminalText(s ?? '');

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
