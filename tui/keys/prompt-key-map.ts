// A one-line prompt's keys as a pure map from a key and the text typed so far to what it asks for
// (unit-tested without a screen): Enter confirms, Esc cancels, the rest edits the line.
import type { Key } from 'ink';
import { editText } from '../text-editing';
import { boundAction, keyHint, type KeyBinding } from './key-binding';

export type PromptKeyAction = { kind: 'cancel' } | { kind: 'submit'; value: string } | { kind: 'edit'; value: string };

/** A prompt's own keys; the rest edit the line (text-editing.ts). */
export const PROMPT_KEYS: readonly KeyBinding<'submit' | 'cancel'>[] = [
  { keys: ['Enter'], action: 'submit', hint: 'confirms' },
  { keys: ['Esc'], action: 'cancel', hint: 'cancels' },
];

/** The prompt's title hint ("Enter confirms · Esc cancels"). */
export const promptHint = (): string => keyHint(PROMPT_KEYS);

export function promptKeyAction(input: string, key: Key, value: string): PromptKeyAction | null {
  const name = boundAction(PROMPT_KEYS, input, key);
  if (name === 'cancel') return { kind: 'cancel' };
  // Alt+Enter confirms too (a one-line prompt has no new line).
  if (name === 'submit' || key.return) return { kind: 'submit', value };
  // A paste (or fast typing) that ends in Enter arrives as one chunk: a one-line prompt takes
  // the text up to the first line break and confirms, as a shell prompt would.
  const lineBreak = !key.ctrl && !key.meta ? input.search(/[\r\n]/) : -1;
  if (lineBreak >= 0) return { kind: 'submit', value: editText(value, input.slice(0, lineBreak), key) };
  const next = editText(value, input, key);
  return next === value ? null : { kind: 'edit', value: next };
}
