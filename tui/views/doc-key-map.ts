// The docs views' own keys as pure maps from a key to what it asks for (unit-tested without a
// screen). A doc (it scrolls with ScrollingText's keys): e edits it in $EDITOR, r reloads.
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
