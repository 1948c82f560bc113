// The docs views' own keys as pure maps from a key to what it asks for (unit-tested without a
// screen). A doc (it scrolls with ScrollingText's keys): e edits it in $EDITOR, r reloads. A folder:
// j/k and ↑/↓ move, g/G go to the ends, Enter or e opens the selected folder or doc, f searches every doc, r reloads.
import type { Key } from 'ink';
import { listKeyAction } from './list-key-map';

export type DocKeyAction = { kind: 'reload' } | { kind: 'edit' };

export interface DocKeyState {
  /** The doc has been read. */
  hasDoc: boolean;
  /** $EDITOR is open on it. */
  editing: boolean;
}

export function docKeyAction(input: string, state: DocKeyState): DocKeyAction | null {
  if (input === 'r') return { kind: 'reload' };
  if (input === 'e' && state.hasDoc && !state.editing) return { kind: 'edit' };
  return null;
}

export type DocsKeyAction = { kind: 'move'; by: number } | { kind: 'reload' } | { kind: 'open' } | { kind: 'search' };

export function docsKeyAction(input: string, key: Pick<Key, 'upArrow' | 'downArrow' | 'return'>, state: { hasItem: boolean }): DocsKeyAction | null {
  const list = listKeyAction(input, key);
  if (list?.kind === 'move') return list;
  if (input === 'r') return { kind: 'reload' };
  if (input === 'f') return { kind: 'search' };
  // The ends of a long folder (the last row of a cut tree is "More… narrow or search").
  if (input === 'G') return { kind: 'move', by: Number.MAX_SAFE_INTEGER };
  if (input === 'g') return { kind: 'move', by: -Number.MAX_SAFE_INTEGER };
  if (list?.kind === 'open' || input === 'e') return state.hasItem ? { kind: 'open' } : null;
  return null;
}
