// The palette form's keys as a pure map from a key and the form's state to what it asks for
// (unit-tested without a screen): ↑/↓ and Shift+Tab/Tab move between fields, Enter moves on and on
// the last field runs the command, Esc goes back, the rest edits the field's text.
import type { Key } from 'ink';
import { editText } from '../text-editing';
import { boundAction, keyHint, type KeyBinding } from './key-binding';

export type ActionFormKeyAction =
  | { kind: 'cancel' }
  | { kind: 'move'; by: 1 | -1 }
  | { kind: 'submit' }
  | { kind: 'edit'; value: string }
  | { kind: 'clear-problem' };

export interface ActionFormKeyState {
  /** The field with the cursor. */
  at: number;
  count: number;
  /** The text of the field with the cursor. */
  value: string;
  /** A problem from the last try to run is shown. */
  problem: boolean;
}

type ActionFormKeyName = 'next-or-run' | 'cancel' | 'previous' | 'next';

/** The form's own keys; the rest edit the field's text (text-editing.ts). */
export const ACTION_FORM_KEYS: readonly KeyBinding<ActionFormKeyName>[] = [
  { keys: ['Enter'], action: 'next-or-run', hint: 'next/run' },
  { keys: ['Esc'], action: 'cancel', hint: 'back' },
  { keys: ['↑', 'Shift+Tab'], action: 'previous' },
  { keys: ['↓', 'Tab'], action: 'next' },
];

/** The form's title hint ("Enter next/run · Esc back"). */
export const actionFormHint = (): string => keyHint(ACTION_FORM_KEYS);

export function actionFormKeyAction(input: string, key: Key, state: ActionFormKeyState): ActionFormKeyAction | null {
  const name = boundAction(ACTION_FORM_KEYS, input, key);
  if (name === 'cancel') return { kind: 'cancel' };
  if (name === 'previous') return { kind: 'move', by: -1 };
  if (name === 'next') return { kind: 'move', by: 1 };
  // Alt+Enter moves on too, as Enter.
  if (name === 'next-or-run' || key.return) return state.at >= state.count - 1 ? { kind: 'submit' } : { kind: 'move', by: 1 };
  if (state.at < 0 || state.at >= state.count) return null;
  const next = editText(state.value, input, key);
  if (next !== state.value) return { kind: 'edit', value: next };
  // Any key on a field puts the problem away, also one that does not change the text.
  return state.problem ? { kind: 'clear-problem' } : null;
}
