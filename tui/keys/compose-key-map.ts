// The compose box's keys as a pure map from a key and the box's state to what it asks for
// (unit-tested without a screen): editing at the cursor (typing, a paste as one insert, deletions,
// cursor moves; line-cursor.ts), @-completion, Enter sends, Alt+Enter or Ctrl+J a new line, ↑ on an
// empty box edits your last message, Esc cancels that edit or leaves the box, Ctrl+G $EDITOR.
import type { Key } from 'ink';
import { editDraft, insertAt, type Draft } from '../line-cursor';
import { completeMention } from '../text-editing';
import type { KeyHelp } from './key-binding';

export type ComposeKeyAction =
  /** The draft changes (typed, pasted, deleted, the cursor moved, a mention completed). */
  | { kind: 'draft'; draft: Draft }
  /** Another @-completion is picked. */
  | { kind: 'choose'; choice: number }
  | { kind: 'open-editor' }
  | { kind: 'cancel-edit' }
  | { kind: 'leave' }
  | { kind: 'edit-last' }
  | { kind: 'send'; text: string }
  | { kind: 'save-edit'; text: string }
  /** Taken and nothing changes: Tab while an @name is typed that nobody matches. */
  | { kind: 'hold' };

export interface ComposeKeyState {
  draft: Draft;
  /** Your own message is being edited (Enter saves it, Esc cancels). */
  editing: boolean;
  /** $EDITOR or a save is under way: keys wait for it. */
  busy: boolean;
  /** The completions shown (their mentions), and the one picked. */
  suggestions: readonly string[];
  choice: number;
  /** An @name is being typed (with completions or not). */
  mentionTyped?: boolean;
  /** Ctrl+G can open $EDITOR. */
  canOpenEditor: boolean;
}

export function composeKeyAction(input: string, key: Key, state: ComposeKeyState): ComposeKeyAction | null {
  if (state.busy) return null;
  const { draft, suggestions } = state;
  const { text, cursor } = draft;
  if (suggestions.length > 0 && (key.tab || (key.return && !key.meta))) {
    const pick = suggestions[Math.min(state.choice, suggestions.length - 1)] as string;
    const before = completeMention(text.slice(0, cursor), pick);
    return { kind: 'draft', draft: { text: before + text.slice(cursor), cursor: before.length } };
  }
  // While an @name is typed, Tab is the box's even when nobody matches: moving the focus then would
  // run the next typed letters as commands. Otherwise the box leaves Tab to the app (the focus).
  if (key.tab) return state.mentionTyped === true ? { kind: 'hold' } : null;
  if (key.ctrl && input === 'g') return state.canOpenEditor ? { kind: 'open-editor' } : null;
  if (suggestions.length > 0 && (key.upArrow || key.downArrow)) {
    return { kind: 'choose', choice: (state.choice + (key.downArrow ? 1 : suggestions.length - 1)) % suggestions.length };
  }
  if (key.escape) return state.editing ? { kind: 'cancel-edit' } : { kind: 'leave' };
  if (key.upArrow && text === '' && !state.editing) return { kind: 'edit-last' };
  // Alt+Enter arrives as ESC CR (meta + return); Ctrl+J as a bare LF.
  if ((key.return && key.meta) || input === '\n') return { kind: 'draft', draft: insertAt(draft, '\n') };
  if (key.return) {
    if (text.trim() === '') return null;
    return state.editing ? { kind: 'save-edit', text } : { kind: 'send', text };
  }
  const next = editDraft(draft, input, key);
  return next.text === text && next.cursor === cursor ? null : { kind: 'draft', draft: next };
}

/** The help's lines for these keys (the help overlay's section is this list). */
export const COMPOSE_KEY_HELP: KeyHelp[] = [
  { keys: 'Enter', what: 'send' },
  { keys: 'Alt+Enter  or  Ctrl+J', what: 'new line (Shift+Enter reaches no terminal app reliably)' },
  { keys: '← →  Home End', what: 'move the cursor (also Ctrl+B/F, Ctrl+A/E for the line)' },
  { keys: 'Alt+← →  or  Ctrl+← →', what: 'a word left / right (also Alt+B/F)' },
  { keys: 'Ctrl+W  Ctrl+U  Ctrl+K', what: 'delete the word before / everything / to the end of the line' },
  { keys: 'Ctrl+G', what: 'edit the draft in $EDITOR (for long text)' },
  { keys: '@name then Tab', what: 'complete a mention from the channel members' },
  { keys: '↑ on an empty box', what: 'edit your last message' },
  { keys: 'Esc', what: 'leave the box (the draft is kept, also across restarts)' },
];
