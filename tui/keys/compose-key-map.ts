// The compose box's keys as a pure map from a key and the box's state to what it asks for
// (unit-tested without a screen): editing at the cursor (typing, a paste as one insert, deletions,
// cursor moves; line-cursor.ts), @-completion, Enter sends, Alt+Enter or Ctrl+J a new line, ↑ on an
// empty box edits your last message, Esc cancels that edit or leaves the box, Ctrl+G $EDITOR.
import type { Key } from 'ink';
import { editDraft, insertAt, LINE_EDIT_KEY_HELP, type Draft } from '../line-cursor';
import { completeMention } from '../text-editing';
import { keyHelp, pressed, type KeyBinding, type KeyHelp } from './key-binding';

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

type ComposeKeyName = 'send' | 'new-line' | 'open-editor' | 'complete' | 'choose-next' | 'choose-previous' | 'edit-last' | 'leave';

/** The compose box's own actions, in the order the help lists them (the keys that edit the text are line-cursor.ts's). */
export const COMPOSE_KEYS: readonly KeyBinding<ComposeKeyName>[] = [
  { keys: ['Enter'], action: 'send', help: 'send' },
  { keys: ['Alt+Enter', 'Ctrl+J'], action: 'new-line', label: 'Alt+Enter  or  Ctrl+J', help: 'new line (Shift+Enter reaches no terminal app reliably)' },
  { keys: ['Ctrl+G'], action: 'open-editor', help: 'edit the draft in $EDITOR (for long text)' },
  // Shift+Tab too: while an @name is typed, neither moves the focus (the next letters would run as commands).
  { keys: ['Tab', 'Shift+Tab'], action: 'complete', label: '@name then Tab', help: 'complete a mention from the channel members (Enter too; ↑ ↓ another)' },
  { keys: ['↓'], action: 'choose-next' },
  { keys: ['↑'], action: 'choose-previous' },
  { keys: ['↑'], action: 'edit-last', label: '↑ on an empty box', help: 'edit your last message' },
  { keys: ['Esc'], action: 'leave', help: 'leave the box (the draft is kept, also across restarts); while editing a message, cancel the edit' },
];

export function composeKeyAction(input: string, key: Key, state: ComposeKeyState): ComposeKeyAction | null {
  if (state.busy) return null;
  const { draft, suggestions } = state;
  const { text, cursor } = draft;
  const on = (action: ComposeKeyName) => pressed(COMPOSE_KEYS, action, input, key);
  const completing = suggestions.length > 0;
  if (completing && (on('complete') || on('send'))) {
    const pick = suggestions[Math.min(state.choice, suggestions.length - 1)] as string;
    const before = completeMention(text.slice(0, cursor), pick);
    return { kind: 'draft', draft: { text: before + text.slice(cursor), cursor: before.length } };
  }
  // While an @name is typed, Tab is the box's even when nobody matches: moving the focus then would
  // run the next typed letters as commands. Otherwise the box leaves Tab to the app (the focus).
  if (on('complete')) return state.mentionTyped === true ? { kind: 'hold' } : null;
  if (on('open-editor')) return state.canOpenEditor ? { kind: 'open-editor' } : null;
  if (completing && (on('choose-next') || on('choose-previous'))) {
    return { kind: 'choose', choice: (state.choice + (on('choose-next') ? 1 : suggestions.length - 1)) % suggestions.length };
  }
  if (on('leave')) return state.editing ? { kind: 'cancel-edit' } : { kind: 'leave' };
  if (on('edit-last') && text === '' && !state.editing) return { kind: 'edit-last' };
  if (on('new-line')) return { kind: 'draft', draft: insertAt(draft, '\n') };
  if (on('send')) {
    if (text.trim() === '') return null;
    return state.editing ? { kind: 'save-edit', text } : { kind: 'send', text };
  }
  const next = editDraft(draft, input, key);
  return next.text === text && next.cursor === cursor ? null : { kind: 'draft', draft: next };
}

const BEFORE_EDITING: readonly ComposeKeyName[] = ['send', 'new-line'];

/** The help's lines for these keys (the help overlay's section): the box's actions, with the editing keys after the first two. */
export function composeKeyHelp(): KeyHelp[] {
  return [...keyHelp(COMPOSE_KEYS.filter((b) => BEFORE_EDITING.includes(b.action))), ...LINE_EDIT_KEY_HELP, ...keyHelp(COMPOSE_KEYS.filter((b) => !BEFORE_EDITING.includes(b.action)))];
}
