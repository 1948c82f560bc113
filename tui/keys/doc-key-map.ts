// The docs views' own keys as pure maps from a key to what it asks for (unit-tested without a
// screen). A doc (it scrolls with ScrollingText's keys): e edits it in $EDITOR, r reloads. A folder:
// j/k and ↑/↓ move, g/G go to the ends, Enter or e opens the selected folder or doc, f searches every doc, r reloads.
import type { Key } from 'ink';
import { listKeyAction } from './list-key-map';
import { boundAction, type KeyBinding } from './key-binding';

export type DocKeyAction = { kind: 'reload' } | { kind: 'edit' };

export interface DocKeyState {
  /** The doc has been read. */
  hasDoc: boolean;
  /** $EDITOR is open on it. */
  editing: boolean;
}

type DocsKeyName = 'open' | 'search' | 'first' | 'last' | 'edit' | 'reload' | 'page';

/** The docs views' keys (a folder and a doc), in the order the help lists them. */
export const DOCS_KEYS: readonly KeyBinding<DocsKeyName>[] = [
  { keys: ['Enter'], action: 'open', help: 'open a folder or read a doc' },
  { keys: ['f'], action: 'search', help: 'search every doc (titles and bodies); empty shows the folders again' },
  { keys: ['g'], action: 'first', label: 'g  G', help: 'first / last row (a tree that may be cut ends with "More… narrow or search")' },
  { keys: ['G'], action: 'last' },
  { keys: ['e'], action: 'edit', help: 'edit in $EDITOR (compare-and-set save, merge on conflict)' },
  { keys: ['r'], action: 'reload', help: 'reload' },
  // A doc scrolls with ScrollingText's keys (SCROLL_KEYS); this line says so in the Docs section.
  { keys: ['Space', 'PgDn', 'PgUp'], action: 'page', label: 'Space PgDn PgUp', help: 'a doc: scroll a page' },
];

export function docKeyAction(input: string, state: DocKeyState, key: Partial<Pick<Key, 'ctrl' | 'meta'>> = {}): DocKeyAction | null {
  // A key with Ctrl or Alt held is not these letters (Ctrl+R is the whole screen's retry).
  if (key.ctrl === true || key.meta === true) return null;
  const name = boundAction(DOCS_KEYS, input, key);
  if (name === 'reload') return { kind: 'reload' };
  if (name === 'edit' && state.hasDoc && !state.editing) return { kind: 'edit' };
  return null;
}

export type DocsKeyAction = { kind: 'move'; by: number } | { kind: 'reload' } | { kind: 'open' } | { kind: 'search' };

export function docsKeyAction(input: string, key: Pick<Key, 'upArrow' | 'downArrow' | 'return'> & Partial<Pick<Key, 'ctrl' | 'meta'>>, state: { hasItem: boolean }): DocsKeyAction | null {
  if (key.ctrl === true || key.meta === true) return null;
  const list = listKeyAction(input, key);
  if (list?.kind === 'move') return list;
  const name = boundAction(DOCS_KEYS, input, key);
  if (name === 'reload' || name === 'search') return { kind: name };
  // The ends of a long folder (the last row of a cut tree is "More… narrow or search").
  if (name === 'last') return { kind: 'move', by: Number.MAX_SAFE_INTEGER };
  if (name === 'first') return { kind: 'move', by: -Number.MAX_SAFE_INTEGER };
  if (name === 'open' || name === 'edit') return state.hasItem ? { kind: 'open' } : null;
  return null;
}
