// A channel's or thread's message list keys as a pure map from a key to what it asks for
// (unit-tested without a screen); ConversationView carries the actions out.
import type { Key } from 'ink';
import type { KeyHelp } from './key-binding';

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

export type ConversationKey = Pick<Key, 'upArrow' | 'downArrow' | 'pageUp' | 'pageDown' | 'home' | 'end' | 'return'>;

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

export function conversationKeyAction(input: string, key: ConversationKey, state: ConversationKeyState): ConversationKeyAction | null {
  const { at, count } = state;
  const atTop = at <= 0 && state.hasOlder;
  const atBottom = at >= count - 1 && state.hasNewer;
  if (key.upArrow || input === 'k') return atTop ? { kind: 'load-older' } : { kind: 'select', index: at - 1 };
  if (key.downArrow || input === 'j') return atBottom ? { kind: 'load-newer' } : { kind: 'select', index: at + 1 };
  if (key.pageUp) return atTop ? { kind: 'load-older' } : { kind: 'select', index: at - PAGE };
  if (key.pageDown) return atBottom ? { kind: 'load-newer' } : { kind: 'select', index: at + PAGE };
  if (input === 'G' || key.end) return state.hasNewer ? { kind: 'newest' } : { kind: 'select', index: count - 1 };
  if (input === 'g' || key.home) return { kind: 'oldest' };
  if (input === 'i' || input === 'c') return { kind: 'compose' };
  if (input === 'T') return { kind: 'open-task' };
  const hasMessage = at >= 0 && at < count;
  if (!hasMessage) return null;
  if (key.return) return state.inChannel ? { kind: 'open-thread' } : null;
  if (input === 'y') return { kind: 'copy-link' };
  if (input === 'o') return { kind: 'open-run' };
  return null;
}

/** The help's lines for these keys (the help overlay's section is this list). */
export const CONVERSATION_KEY_HELP: KeyHelp[] = [
  { keys: 'Enter', what: 'open the thread of the selected message' },
  { keys: 'i  or  c', what: 'write (focus the compose box)' },
  { keys: 'o', what: "open the selected message's run timeline" },
  { keys: 'T', what: 'open the task the selected message names (its card shows under the list)' },
  { keys: 'y', what: 'copy a link to the selected message (OSC 52; also shown on the status line)' },
  { keys: 'g', what: 'go to the first message (reads the oldest page directly)' },
  { keys: 'G', what: 'go to the newest message' },
  { keys: '↑ ↓ at an edge', what: 'read the older / newer page (the window holds 400)' },
];
