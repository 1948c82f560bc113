// T-refs, @handles and message links in free text (comments, commit messages, docs, chat), with
// what is not one: anything inside a URL (a whole message link is one reference), inside a longer
// identifier (`XT-12`, `T-12abc`, `foo@bar.com`), and, in Markdown, inside code.
import { parseMessageLink } from '../contract/message-links';
import { markdownCodeRanges, type TextRange } from './markdown-code';

export type TextReference =
  | { kind: 'task'; ref: string; number: number; start: number; end: number }
  | { kind: 'person'; handle: string; start: number; end: number }
  | { kind: 'message'; url: string; start: number; end: number };

export interface FindReferenceOptions {
  /** The text is Markdown: fenced blocks and inline code hold no references. */
  markdown?: boolean;
}

// Offsets are UTF-16 indices into the text (what editors and String.slice use); `end` is exclusive.
const TASK = /(?<![\p{L}\p{N}_\-./\\@$])[Tt]-([1-9]\d{0,9})(?![\p{L}\p{N}_])/gu;
const PERSON = /(?<![\p{L}\p{N}_\-./\\@`])@([\p{L}\p{N}_](?:[\p{L}\p{N}_.-]*[\p{L}\p{N}_])?)(?![\p{L}\p{N}_@])/gu;
const URL_TOKEN = /\b[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s<>"'`]+|\bwww\.[^\s<>"'`]+/g;
const URL_TRAILING = /[.,;:!?*_~'"]+$/;

function trimUrl(raw: string): string {
  let url = raw.replace(URL_TRAILING, '');
  // A closing bracket belongs to the URL only when it has an opening one inside it (Markdown `[x](url)`).
  for (const [open, close] of [['(', ')'], ['[', ']'], ['{', '}']] as const) {
    while (url.endsWith(close) && count(url, open) < count(url, close)) {
      url = url.slice(0, -1).replace(URL_TRAILING, '');
    }
  }
  return url;
}

function count(text: string, ch: string): number {
  return text.split(ch).length - 1;
}

function urlRanges(text: string): { range: TextRange; url: string }[] {
  const out: { range: TextRange; url: string }[] = [];
  for (const m of text.matchAll(URL_TOKEN)) {
    const url = trimUrl(m[0]);
    out.push({ range: { start: m.index, end: m.index + url.length }, url });
  }
  return out;
}

function isMessageLink(url: string): boolean {
  const parsed = parseMessageLink(url);
  return parsed !== null && (parsed.messageId !== null || parsed.threadRootId !== null);
}

/**
 * Whether spans overlap any of `ranges`, asked in order of position (regex matches come that way):
 * the ranges are sorted once and walked with one pointer, so a large document costs one pass.
 */
function overlapTester(ranges: readonly TextRange[]): (start: number, end: number) => boolean {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const merged: TextRange[] = [];
  for (const r of sorted) {
    const last = merged[merged.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else merged.push({ start: r.start, end: r.end });
  }
  let i = 0;
  let lastStart = -1;
  return (start, end) => {
    if (start < lastStart) i = 0;
    lastStart = start;
    while (i < merged.length && merged[i]!.end <= start) i++;
    const r = merged[i];
    return r !== undefined && r.start < end;
  };
}

/** Every reference in `text`, in order of position. */
export function findReferences(text: string, options: FindReferenceOptions = {}): TextReference[] {
  const code = options.markdown ? markdownCodeRanges(text) : [];
  const refs: TextReference[] = [];
  const inCode = overlapTester(code);
  const urls = urlRanges(text).filter((u) => !inCode(u.range.start, u.range.end));
  for (const u of urls) {
    if (isMessageLink(u.url)) refs.push({ kind: 'message', url: u.url, start: u.range.start, end: u.range.end });
  }
  const blocked = [...code, ...urls.map((u) => u.range)];
  const taskBlocked = overlapTester(blocked);
  for (const m of text.matchAll(TASK)) {
    const end = m.index + m[0].length;
    if (taskBlocked(m.index, end)) continue;
    const number = Number(m[1]);
    refs.push({ kind: 'task', ref: `T-${number}`, number, start: m.index, end });
  }
  const personBlocked = overlapTester(blocked);
  for (const m of text.matchAll(PERSON)) {
    const end = m.index + m[0].length;
    if (personBlocked(m.index, end)) continue;
    refs.push({ kind: 'person', handle: m[1]!, start: m.index, end });
  }
  return refs.sort((a, b) => a.start - b.start);
}

/** The reference covering `offset` (from its first character up to just after its last), or null. */
export function referenceAt(text: string, offset: number, options: FindReferenceOptions = {}): TextReference | null {
  return findReferences(text, options).find((r) => offset >= r.start && offset <= r.end) ?? null;
}

export interface CompletionPrefix {
  kind: 'task' | 'person';
  /** What is typed after the trigger (`#`, `T-` or `@`): a number or words to filter by; may be ''. */
  typed: string;
  /** Where the trigger starts: a completion replaces the text from here to the offset. */
  start: number;
}

const TASK_PREFIX = /(?<![\p{L}\p{N}_\-./\\#@$&])(#|[Tt]-)([\p{L}\p{N}_]*)$/u;
const PERSON_PREFIX = /(?<![\p{L}\p{N}_\-./\\@`])@([\p{L}\p{N}_.-]*)$/u;

/** The partial reference being typed just before `offset`, or null (also inside a URL or a word). */
export function completionPrefixAt(text: string, offset: number): CompletionPrefix | null {
  const at = Math.max(0, Math.min(offset, text.length));
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const before = text.slice(lineStart, at);
  const token = /\S*$/.exec(before)?.[0] ?? '';
  if (token.includes('://') || /^www\./i.test(token)) return null;
  const task = TASK_PREFIX.exec(before);
  if (task) return { kind: 'task', typed: task[2] ?? '', start: lineStart + task.index };
  const person = PERSON_PREFIX.exec(before);
  if (person) return { kind: 'person', typed: person[1] ?? '', start: lineStart + person.index };
  return null;
}
