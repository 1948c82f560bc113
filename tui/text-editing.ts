// Line editing shared by the compose box and the prompts: typing appends at the end, Backspace
// removes the last character, Ctrl+U clears, Ctrl+W removes the last word. Pure, so tested alone.
import type { Key } from 'ink';

export function editText(text: string, input: string, key: Key): string {
  if (key.backspace || key.delete) return [...text].slice(0, -1).join('');
  if (key.ctrl && input === 'u') return '';
  if (key.ctrl && input === 'w') return text.replace(/\S+\s*$/, '');
  if (key.ctrl || key.meta || key.escape || key.tab || key.upArrow || key.downArrow || key.leftArrow || key.rightArrow) return text;
  if (key.return || key.pageUp || key.pageDown || key.home || key.end) return text;
  // Pasted text arrives as one chunk: keep its newlines (as \n), drop other control characters.
  const clean = input.replace(/\r\n?/g, '\n').replace(/[\x00-\x09\x0b-\x1f\x7f]/g, '');
  return text + clean;
}

/** The `@partial` being typed at the end of the text, or null. */
export function mentionQuery(text: string): string | null {
  const match = /(?:^|\s)@([A-Za-z0-9._-]*)$/.exec(text);
  return match ? (match[1] ?? '') : null;
}

/** Replaces the trailing `@partial` with the full mention and a space. */
export function completeMention(text: string, mention: string): string {
  return text.replace(/@[A-Za-z0-9._-]*$/, `${mention} `);
}
