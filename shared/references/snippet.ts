// A few lines of code as a chat message or task note: where they are (linked to the permalink when
// there is one), then a fenced block in the file's language. Refused before sending when the text is
// binary, empty, or longer than the contract lets a message body (or a task note) be.
import { LIMITS } from '../contract/limits';
import { isBinaryString } from './binary-text';
import { codeLocationLabel, codePermalink, type CodeLocation } from './permalink';

export type SnippetResult = { ok: true; body: string } | { ok: false; reason: 'binary' | 'too_large' | 'empty'; message: string; hint: string };

export interface SnippetInput {
  location: CodeLocation;
  /** A Markdown fence language (`ts`, `python`); '' for none. */
  language: string;
  text: string;
  /** A line of the sender's own words, put before the code. */
  note?: string;
  /** Where the body goes, which sets its bound: a message body (the default) or a task note. */
  into?: 'message' | 'note';
}

/** The length of `text` as the contract's maxLength counts it: characters (Unicode code points). */
export function textLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The UTF-8 size of `text` as it travels in a JSON request body (escapes included). */
export function jsonTextBytes(text: string): number {
  return new TextEncoder().encode(JSON.stringify(text)).length;
}

/** A fence longer than any run of backticks in the code, so the code cannot close it. */
function fenceFor(code: string): string {
  let longest = 0;
  for (const m of code.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  return '`'.repeat(Math.max(3, longest + 1));
}

const BOUNDS = {
  message: { max: LIMITS.messageBodyMax, what: 'a message' },
  note: { max: LIMITS.taskNoteMax, what: 'a task note' },
} as const;

export function codeSnippetMessage(input: SnippetInput): SnippetResult {
  const where = codeLocationLabel(input.location);
  if (isBinaryString(input.text)) {
    return { ok: false, reason: 'binary', message: `${input.location.path} is binary, not text; it cannot be shared as a message.`, hint: 'Share a text file, or attach a link to the file instead.' };
  }
  const code = input.text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
  if (code.trim() === '') {
    return { ok: false, reason: 'empty', message: `${where} has no text to share.`, hint: 'Choose lines that are not empty.' };
  }
  const language = input.language.replace(/[^\w+#.-]/g, '');
  const permalink = codePermalink(input.location);
  const label = permalink ? `[\`${where.replace(/ @ .*$/, '')}\`](${permalink})` : `\`${where}\``;
  const fence = fenceFor(code);
  const note = input.note?.trim();
  const body = `${note ? `${note}\n\n` : ''}${label}\n${fence}${language}\n${code}\n${fence}`;
  const bound = BOUNDS[input.into ?? 'message'];
  const size = textLength(body);
  if (size > bound.max) {
    return {
      ok: false,
      reason: 'too_large',
      message: `${where} is too large to share: ${size.toLocaleString('en-US')} characters, and ${bound.what} holds at most ${bound.max.toLocaleString('en-US')}.`,
      hint: 'Share fewer lines (path:L1-L2), or link to the file instead.',
    };
  }
  return { ok: true, body };
}
