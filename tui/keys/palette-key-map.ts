// The command palette's keys as a pure map from a key to what it asks for (unit-tested without a
// screen): typed text filters, arrows move, Enter opens the form; on a result, arrows scroll.
import type { Key } from 'ink';
import type { KeyHelp } from './key-binding';

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

export function paletteKeyAction(input: string, key: PaletteKey, state: PaletteKeyState): PaletteKeyAction | null {
  if (state.showingResult) {
    if (key.escape || key.return) return { kind: 'close-result' };
    if (key.downArrow) return { kind: 'scroll', by: 1 };
    if (key.upArrow) return { kind: 'scroll', by: -1 };
    return null;
  }
  // Tab moves the focus and Ctrl+R retries the service: the whole screen's keys, also here.
  if (key.tab || (key.ctrl && input === 'r')) return null;
  if (key.escape) return state.filter !== '' ? { kind: 'clear-filter' } : { kind: 'back' };
  if (key.downArrow) return { kind: 'move', by: 1 };
  if (key.upArrow) return { kind: 'move', by: -1 };
  if (key.return) return { kind: 'open-form' };
  return { kind: 'edit-filter' };
}

/** The help's lines for these keys (the help overlay's section is this list). */
export const PALETTE_KEY_HELP: KeyHelp[] = [
  { keys: 'type', what: 'filter the commands' },
  { keys: 'Enter', what: 'fill in the inputs and run it' },
  { keys: 'Esc', what: 'clear the filter, then back' },
];
