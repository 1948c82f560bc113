// Editing at a cursor, as readline and every shell do: ←/→ (Ctrl+B/F) move a character,
// Home/End (Ctrl+A/E) to the start/end of the line, Alt or Ctrl with ←/→ (Alt+B/F) a word,
// Backspace deletes before the cursor, Delete (Ctrl+D) after it, Ctrl+W the word before it,
// Ctrl+U the whole text, Ctrl+K to the end of the line. Pure, so tested without a screen.
import type { Key } from 'ink';

export interface Draft {
  text: string;
  /** Index into `text` (UTF-16), always on a code point boundary. */
  cursor: number;
}

type EditKey = Pick<Key, 'ctrl' | 'meta' | 'escape' | 'tab' | 'upArrow' | 'downArrow' | 'leftArrow' | 'rightArrow' | 'return' | 'pageUp' | 'pageDown' | 'home' | 'end' | 'backspace' | 'delete'>;

const prevPoint = (text: string, i: number) => (i <= 0 ? 0 : i >= 2 && /[\uDC00-\uDFFF]/.test(text[i - 1] ?? '') && /[\uD800-\uDBFF]/.test(text[i - 2] ?? '') ? i - 2 : i - 1);
const nextPoint = (text: string, i: number) => (i >= text.length ? text.length : /[\uD800-\uDBFF]/.test(text[i] ?? '') && /[\uDC00-\uDFFF]/.test(text[i + 1] ?? '') ? i + 2 : i + 1);

export function wordLeft(text: string, i: number): number {
  let j = i;
  while (j > 0 && /\s/.test(text[j - 1] ?? '')) j--;
  while (j > 0 && !/\s/.test(text[j - 1] ?? '')) j--;
  return j;
}

export function wordRight(text: string, i: number): number {
  let j = i;
  while (j < text.length && /\s/.test(text[j] ?? '')) j++;
  while (j < text.length && !/\s/.test(text[j] ?? '')) j++;
  return j;
}

const lineStart = (text: string, i: number) => text.lastIndexOf('\n', i - 1) + 1;
const lineEnd = (text: string, i: number) => {
  const n = text.indexOf('\n', i);
  return n < 0 ? text.length : n;
};

const replace = (d: Draft, from: number, to: number, insert: string): Draft => ({ text: d.text.slice(0, from) + insert + d.text.slice(to), cursor: from + insert.length });

/**
 * Inserts typed or pasted text at the cursor: newlines (as \n) and tabs kept (a pasted snippet or
 * table keeps its tabs), other control characters dropped. The Tab key itself never reaches here.
 */
export function insertAt(d: Draft, input: string): Draft {
  const clean = input.replace(/\r\n?/g, '\n').replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '');
  return replace(d, d.cursor, d.cursor, clean);
}

/** The help's lines for editDraft's keys (the compose section shows them): change one with the other. */
// Written as keys/key-binding.ts's KeyHelp without importing it: tui/keys/ sits above this file.
export const LINE_EDIT_KEY_HELP: readonly { keys: string; what: string }[] = [
  { keys: '← →  Home End', what: 'move the cursor (also Ctrl+B/F, Ctrl+A/E for the line)' },
  { keys: 'Alt+← →  or  Ctrl+← →', what: 'a word left / right (also Alt+B/F)' },
  { keys: 'Ctrl+W  Ctrl+U  Ctrl+K', what: 'delete the word before / everything / to the end of the line' },
];

export function editDraft(d: Draft, input: string, key: EditKey): Draft {
  const { text, cursor } = d;
  const wordKey = key.meta || key.ctrl;
  if (key.leftArrow) return { text, cursor: wordKey ? wordLeft(text, cursor) : prevPoint(text, cursor) };
  if (key.rightArrow) return { text, cursor: wordKey ? wordRight(text, cursor) : nextPoint(text, cursor) };
  if (key.home || (key.ctrl && input === 'a')) return { text, cursor: lineStart(text, cursor) };
  if (key.end || (key.ctrl && input === 'e')) return { text, cursor: lineEnd(text, cursor) };
  if (key.meta && input === 'b') return { text, cursor: wordLeft(text, cursor) };
  if (key.meta && input === 'f') return { text, cursor: wordRight(text, cursor) };
  if (key.ctrl && input === 'b') return { text, cursor: prevPoint(text, cursor) };
  if (key.ctrl && input === 'f') return { text, cursor: nextPoint(text, cursor) };
  // Most terminals send DEL for Backspace, which Ink reports as `delete`: both delete backwards.
  if (key.backspace || key.delete) return replace(d, prevPoint(text, cursor), cursor, '');
  if (key.ctrl && input === 'd') return replace(d, cursor, nextPoint(text, cursor), '');
  if (key.ctrl && input === 'u') return { text: '', cursor: 0 };
  if (key.ctrl && input === 'w') return replace(d, wordLeft(text, cursor), cursor, '');
  if (key.ctrl && input === 'k') return replace(d, cursor, lineEnd(text, cursor) === cursor ? nextPoint(text, cursor) : lineEnd(text, cursor), '');
  if (key.ctrl || key.meta || key.escape || key.tab || key.upArrow || key.downArrow) return d;
  if (key.return || key.pageUp || key.pageDown) return d;
  return insertAt(d, input);
}

/** The lines of the text with the cursor mark '▏' drawn where the cursor is, and that line's index. */
export function linesWithCursor(d: Draft, mark = '▏'): { lines: string[]; cursorLine: number } {
  const withMark = d.text.slice(0, d.cursor) + mark + d.text.slice(d.cursor);
  const lines = withMark.split('\n');
  const cursorLine = d.text.slice(0, d.cursor).split('\n').length - 1;
  return { lines, cursorLine };
}

/** A draft's line as the box shows it: each tab as spaces up to the next stop of four columns (a cell per code point). */
export function expandTabs(line: string, stop = 4): string {
  let out = '';
  let column = 0;
  for (const ch of line) {
    if (ch === '\t') {
      const pad = stop - (column % stop);
      out += ' '.repeat(pad);
      column += pad;
    } else {
      out += ch;
      column += 1;
    }
  }
  return out;
}
