// The command palette's keys as a pure map from a key to what it asks for (unit-tested without a
// screen): typed text filters, arrows move, Enter opens the form; on a result, arrows scroll.
import type { Key } from 'ink';
import { boundAction, keyHelp, type KeyBinding, type KeyHelp } from './key-binding';

export type PaletteKeyAction =
  | { kind: 'close-result' }
  | { kind: 'scroll'; by: 1 | -1 }
  | { kind: 'clear-filter' }
  | { kind: 'back' }
  | { kind: 'move'; by: 1 | -1 }
  | { kind: 'open-form' }
  | { kind: 'edit-filter' };

export type PaletteKey = Pick<Key, 'upArrow' | 'downArrow' | 'return' | 'escape' | 'tab' | 'ctrl'>;

export interface PaletteKeyState {
  /** A command's result is on screen. */
  showingResult: boolean;
  filter: string;
}

type PaletteKeyName = 'filter' | 'open-form' | 'back' | 'down' | 'up';

/** The palette's keys, in the order the help lists them; what no binding takes is typed into the filter. */
export const PALETTE_KEYS: readonly KeyBinding<PaletteKeyName>[] = [
  { keys: [], action: 'filter', label: 'type', help: 'filter the commands' },
  { keys: ['Enter'], action: 'open-form', help: 'fill in the inputs and run it' },
  { keys: ['Esc'], action: 'back', help: 'clear the filter, then back' },
  { keys: ['↓'], action: 'down' },
  { keys: ['↑'], action: 'up' },
];

export function paletteKeyAction(input: string, key: PaletteKey, state: PaletteKeyState): PaletteKeyAction | null {
  const name = boundAction(PALETTE_KEYS, input, key);
  if (state.showingResult) {
    if (name === 'back' || name === 'open-form') return { kind: 'close-result' };
    if (name === 'down' || name === 'up') return { kind: 'scroll', by: name === 'down' ? 1 : -1 };
    return null;
  }
  // Tab moves the focus and Ctrl+R retries the service: the whole screen's keys, also here.
  if (key.tab || (key.ctrl && input === 'r')) return null;
  if (name === 'back') return state.filter !== '' ? { kind: 'clear-filter' } : { kind: 'back' };
  if (name === 'down' || name === 'up') return { kind: 'move', by: name === 'down' ? 1 : -1 };
  if (name === 'open-form') return { kind: 'open-form' };
  return { kind: 'edit-filter' };
}

/** The help's lines for these keys (the help overlay's section). */
export const PALETTE_KEY_HELP: KeyHelp[] = keyHelp(PALETTE_KEYS);
