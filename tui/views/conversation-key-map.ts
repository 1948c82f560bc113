// A channel's or thread's message list keys as a pure map from a key to what it asks for
// (unit-tested without a screen); ConversationView carries the actions out.
import type { Key } from 'ink';

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
