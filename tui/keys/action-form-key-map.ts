// The palette form's keys as a pure map from a key and the form's state to what it asks for
// (unit-tested without a screen): ↑/↓ and Shift+Tab/Tab move between fields, Enter moves on and on
// the last field runs the command, Esc goes back, the rest edits the field's text.
import type { Key } from 'ink';
import { editText } from '../text-editing';

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

export function actionFormKeyAction(input: string, key: Key, state: ActionFormKeyState): ActionFormKeyAction | null {
  if (key.escape) return { kind: 'cancel' };
  if (key.upArrow || (key.tab && key.shift)) return { kind: 'move', by: -1 };
  if (key.downArrow || key.tab) return { kind: 'move', by: 1 };
  if (key.return) return state.at >= state.count - 1 ? { kind: 'submit' } : { kind: 'move', by: 1 };
  if (state.at < 0 || state.at >= state.count) return null;
  const next = editText(state.value, input, key);
  if (next !== state.value) return { kind: 'edit', value: next };
  // Any key on a field puts the problem away, also one that does not change the text.
  return state.problem ? { kind: 'clear-problem' } : null;
}
