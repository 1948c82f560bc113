// The docs views' own keys as pure maps from a key to what it asks for (unit-tested without a
// screen). A doc (it scrolls with ScrollingText's keys): e edits it in $EDITOR, r reloads. A folder:
// j/k and ↑/↓ move, g/G go to the ends, Enter or e opens the selected folder or doc, f searches every doc, r reloads.
import type { Key } from 'ink';
import { listKeyAction } from './list-key-map';
import type { KeyHelp } from './key-binding';

export type DocKeyAction = { kind: 'reload' } | { kind: 'edit' };

export interface DocKeyState {
  /** The doc has been read. */
  hasDoc: boolean;
  /** $EDITOR is open on it. */
  editing: boolean;
}

export function docKeyAction(input: string, state: DocKeyState, key: Partial<Pick<Key, 'ctrl' | 'meta'>> = {}): DocKeyAction | null {
  // A key with Ctrl or Alt held is not these letters (Ctrl+R is the whole screen's retry).
  if (key.ctrl === true || key.meta === true) return null;
  if (input === 'r') return { kind: 'reload' };
  if (input === 'e' && state.hasDoc && !state.editing) return { kind: 'edit' };
  return null;
}

export type DocsKeyAction = { kind: 'move'; by: number } | { kind: 'reload' } | { kind: 'open' } | { kind: 'search' };

export function docsKeyAction(input: string, key: Pick<Key, 'upArrow' | 'downArrow' | 'return'> & Partial<Pick<Key, 'ctrl' | 'meta'>>, state: { hasItem: boolean }): DocsKeyAction | null {
  if (key.ctrl === true || key.meta === true) return null;
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

/** The help's lines for these keys (the help overlay's section is this list). */
export const DOCS_KEY_HELP: KeyHelp[] = [
  { keys: 'Enter', what: 'open a folder or read a doc' },
  { keys: 'f', what: 'search every doc (titles and bodies); empty shows the folders again' },
  { keys: 'g  G', what: 'first / last row (a tree that may be cut ends with "More… narrow or search")' },
  { keys: 'e', what: 'edit in $EDITOR (compare-and-set save, merge on conflict)' },
  { keys: 'r', what: 'reload' },
  { keys: 'Space PgDn PgUp', what: 'a doc: scroll a page' },
];
