// The docs views' own keys as pure maps from a key to what it asks for (unit-tested without a
// screen). A doc (it scrolls with ScrollingText's keys): e edits it in $EDITOR, r reloads. A folder:
// j/k and ↑/↓ move, Enter or e opens the selected folder or doc, r reloads.
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

export type DocsKeyAction = { kind: 'move'; by: 1 | -1 } | { kind: 'reload' } | { kind: 'open' };

export function docsKeyAction(input: string, key: Pick<Key, 'upArrow' | 'downArrow' | 'return'>, state: { hasItem: boolean }): DocsKeyAction | null {
  const list = listKeyAction(input, key);
  if (list?.kind === 'move') return list;
  if (input === 'r') return { kind: 'reload' };
  if (list?.kind === 'open' || input === 'e') return state.hasItem ? { kind: 'open' } : null;
  return null;
}
