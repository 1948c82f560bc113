// A channel's or thread's message list keys as a pure map from a key to what it asks for
// (unit-tested without a screen); ConversationView carries the actions out.
import type { Key } from 'ink';
import type { KeyHelp } from '../key-binding';

export type ConversationKeyAction =
  | { kind: 'select'; index: number }
  | { kind: 'load-older' }
  | { kind: 'load-all' }
  | { kind: 'compose' }
  | { kind: 'open-thread' }
  | { kind: 'copy-link' }
  | { kind: 'open-task' }
  | { kind: 'open-run' };

export type ConversationKey = Pick<Key, 'upArrow' | 'downArrow' | 'pageUp' | 'pageDown' | 'home' | 'end' | 'return'>;

export interface ConversationKeyState {
  /** The selected message (the newest until the first page has set the selection). */
  at: number;
  count: number;
  hasOlder: boolean;
  /** A channel (Enter opens a thread), not a thread. */
  inChannel: boolean;
}

const PAGE = 5;

export function conversationKeyAction(input: string, key: ConversationKey, state: ConversationKeyState): ConversationKeyAction | null {
  const { at, count } = state;
  const atTop = at <= 0 && state.hasOlder;
  if (key.upArrow || input === 'k') return atTop ? { kind: 'load-older' } : { kind: 'select', index: at - 1 };
  if (key.downArrow || input === 'j') return { kind: 'select', index: at + 1 };
  if (key.pageUp) return atTop ? { kind: 'load-older' } : { kind: 'select', index: at - PAGE };
  if (key.pageDown) return { kind: 'select', index: at + PAGE };
  if (input === 'G' || key.end) return { kind: 'select', index: count - 1 };
  if (input === 'g' || key.home) return { kind: 'load-all' };
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
  { keys: 'g', what: 'load everything and go to the first message' },
  { keys: 'G', what: 'go to the newest message' },
  { keys: '↑ at the top', what: 'load older messages' },
];
