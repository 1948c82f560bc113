// The picker's keys as a pure map from a key to what it asks for (unit-tested without a screen):
// Enter picks the selected option, an option's own key (1-9 by position) picks it at once, j/k and
// ↑/↓ move, Esc cancels.
import type { Key } from 'ink';
import { boundAction, keyLabel, type KeyBinding } from './key-binding';

export type PickerKeyAction = { kind: 'cancel' } | { kind: 'pick'; index: number } | { kind: 'move'; by: 1 | -1 };

export type PickerKey = Pick<Key, 'upArrow' | 'downArrow' | 'return' | 'escape'>;

export interface PickerKeyState {
  selected: number;
  /** The key that picks each option, in order ('' for none): see pickerOptionKeys. */
  keys: readonly string[];
}

/** Each option's own key when any option has one, else 1-9 by position (none after the ninth). */
export function pickerOptionKeys(options: readonly { key?: string }[]): string[] {
  const ownKeys = options.some((o) => o.key !== undefined);
  return options.map((o, i) => (ownKeys ? (o.key ?? '') : i < 9 ? String(i + 1) : ''));
}

type PickerKeyName = 'cancel' | 'pick' | 'down' | 'up';

/** The picker's keys; an option's own key (pickerOptionKeys) comes before j and k. */
export const PICKER_KEYS: readonly KeyBinding<PickerKeyName>[] = [
  { keys: ['Enter'], action: 'pick', hint: 'picks' },
  { keys: ['Esc'], action: 'cancel', hint: 'cancels' },
  { keys: ['↓', 'j'], action: 'down' },
  { keys: ['↑', 'k'], action: 'up' },
];

export function pickerKeyAction(input: string, key: PickerKey, state: PickerKeyState): PickerKeyAction | null {
  const name = boundAction(PICKER_KEYS, input, key);
  if (name === 'cancel') return { kind: 'cancel' };
  // Alt+Enter picks too, as Enter.
  if (name === 'pick' || key.return) return state.selected >= 0 && state.selected < state.keys.length ? { kind: 'pick', index: state.selected } : null;
  const own = input === '' ? -1 : state.keys.indexOf(input);
  if (own >= 0) return { kind: 'pick', index: own };
  if (name === 'down' || name === 'up') return { kind: 'move', by: name === 'down' ? 1 : -1 };
  return null;
}

/** The picker's title hint: "Enter or 1-3 picks · Esc cancels" (`optionKeys`: how the options' own keys are written). */
export function pickerHint(optionKeys: string): string {
  const pick = PICKER_KEYS.find((b) => b.action === 'pick');
  const cancel = PICKER_KEYS.find((b) => b.action === 'cancel');
  return `${pick ? keyLabel(pick) : 'Enter'} or ${optionKeys} ${pick?.hint ?? ''} · ${cancel ? keyLabel(cancel) : 'Esc'} ${cancel?.hint ?? ''}`;
}
