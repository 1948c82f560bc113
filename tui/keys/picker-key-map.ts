// The picker's keys as a pure map from a key to what it asks for (unit-tested without a screen):
// Enter picks the selected option, an option's own key (1-9 by position) picks it at once, j/k and
// ↑/↓ move, Esc cancels.
import type { Key } from 'ink';

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

export function pickerKeyAction(input: string, key: PickerKey, state: PickerKeyState): PickerKeyAction | null {
  if (key.escape) return { kind: 'cancel' };
  if (key.return) return state.selected >= 0 && state.selected < state.keys.length ? { kind: 'pick', index: state.selected } : null;
  const own = input === '' ? -1 : state.keys.indexOf(input);
  if (own >= 0) return { kind: 'pick', index: own };
  if (key.downArrow || input === 'j') return { kind: 'move', by: 1 };
  if (key.upArrow || input === 'k') return { kind: 'move', by: -1 };
  return null;
}
