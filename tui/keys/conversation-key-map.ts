// A channel's or thread's message list keys as a pure map from a key to what it asks for
// (unit-tested without a screen); ConversationView carries the actions out.
import type { Key } from 'ink';
import { boundAction, type KeyBinding } from './key-binding';

export type ConversationKeyAction =
  | { kind: 'select'; index: number }
  | { kind: 'load-older' }
  | { kind: 'load-newer' }
  | { kind: 'oldest' }
  | { kind: 'newest' }
  | { kind: 'compose' }
  | { kind: 'open-thread' }
  | { kind: 'copy-link' }
  | { kind: 'open-task' }
  | { kind: 'open-run' };

export type ConversationKey = Pick<Key, 'upArrow' | 'downArrow' | 'pageUp' | 'pageDown' | 'home' | 'end' | 'return'> & Partial<Key>;

export interface ConversationKeyState {
  /** The selected message in the window held (the newest until the first page has set the selection). */
  at: number;
  count: number;
  /** Older messages than the window holds exist. */
  hasOlder: boolean;
  /** Newer messages than the window holds exist. */
  hasNewer: boolean;
  /** A channel (Enter opens a thread), not a thread. */
  inChannel: boolean;
}

const PAGE = 5;

type ConversationKeyName = 'open-thread' | 'compose' | 'open-run' | 'open-task' | 'copy-link' | 'oldest' | 'newest' | 'up' | 'down' | 'page-up' | 'page-down';

/** A conversation's keys, in the order the help lists them. */
export const CONVERSATION_KEYS: readonly KeyBinding<ConversationKeyName>[] = [
  { keys: ['Enter'], action: 'open-thread', help: 'open the thread of the selected message' },
  { keys: ['i', 'c'], action: 'compose', label: 'i  or  c', help: 'write (focus the compose box)' },
  { keys: ['o'], action: 'open-run', help: "open the selected message's run timeline" },
  { keys: ['T'], action: 'open-task', help: 'open the task the selected message names (its card shows under the list)' },
  { keys: ['y'], action: 'copy-link', help: 'copy a link to the selected message (OSC 52; also shown on the status line)' },
  { keys: ['g', 'Home'], action: 'oldest', label: 'g', help: 'go to the first message (reads the oldest page directly)' },
  { keys: ['G', 'End'], action: 'newest', label: 'G', help: 'go to the newest message' },
  { keys: ['↑', 'k'], action: 'up', label: '↑ ↓ at an edge', help: 'read the older / newer page (the window holds 400)' },
  { keys: ['↓', 'j'], action: 'down' },
  { keys: ['PgUp'], action: 'page-up' },
  { keys: ['PgDn'], action: 'page-down' },
];

const STEPS: Partial<Record<ConversationKeyName, number>> = { up: -1, down: 1, 'page-up': -PAGE, 'page-down': PAGE };
const ON_MESSAGE: Partial<Record<ConversationKeyName, ConversationKeyAction>> = { 'copy-link': { kind: 'copy-link' }, 'open-run': { kind: 'open-run' } };

export function conversationKeyAction(input: string, key: ConversationKey, state: ConversationKeyState): ConversationKeyAction | null {
  const { at, count } = state;
  const name = boundAction(CONVERSATION_KEYS, input, key);
  if (name === null) return null;
  const step = STEPS[name];
  if (step !== undefined) {
    // Past the window's edge, the next page is read instead.
    if (step < 0 && at <= 0 && state.hasOlder) return { kind: 'load-older' };
    if (step > 0 && at >= count - 1 && state.hasNewer) return { kind: 'load-newer' };
    return { kind: 'select', index: at + step };
  }
  if (name === 'newest') return state.hasNewer ? { kind: 'newest' } : { kind: 'select', index: count - 1 };
  if (name === 'oldest' || name === 'compose' || name === 'open-task') return { kind: name };
  const hasMessage = at >= 0 && at < count;
  if (!hasMessage) return null;
  if (name === 'open-thread') return state.inChannel ? { kind: 'open-thread' } : null;
  return ON_MESSAGE[name] ?? null;
}
