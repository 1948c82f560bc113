// A one-line prompt's keys as a pure map from a key and the text typed so far to what it asks for
// (unit-tested without a screen): Enter confirms, Esc cancels, the rest edits the line.
import type { Key } from 'ink';
import { editText } from '../text-editing';

export type PromptKeyAction = { kind: 'cancel' } | { kind: 'submit'; value: string } | { kind: 'edit'; value: string };

export function promptKeyAction(input: string, key: Key, value: string): PromptKeyAction | null {
  if (key.escape) return { kind: 'cancel' };
  if (key.return) return { kind: 'submit', value };
  // A paste (or fast typing) that ends in Enter arrives as one chunk: a one-line prompt takes
  // the text up to the first line break and confirms, as a shell prompt would.
  const lineBreak = !key.ctrl && !key.meta ? input.search(/[\r\n]/) : -1;
  if (lineBreak >= 0) return { kind: 'submit', value: editText(value, input.slice(0, lineBreak), key) };
  const next = editText(value, input, key);
  return next === value ? null : { kind: 'edit', value: next };
}
