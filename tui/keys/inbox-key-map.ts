// The Inbox view's keys as a pure map (unit-tested without a screen), and their help lines: the
// help overlay's Inbox section is this list (keys.ts).
import type { Key } from 'ink';
import { INBOX_SOURCES, type InboxSource } from '../../shared/index';
import type { KeyHelp } from './key-binding';

export type InboxKeyAction =
  | { kind: 'move'; by: number }
  | { kind: 'ends'; to: 'first' | 'last' }
  | { kind: 'open' }
  | { kind: 'done' }
  | { kind: 'all-done' }
  | { kind: 'next-unread' }
  /** f: the next source filter (all → mentions → … → refused writes → all). */
  | { kind: 'cycle-filter' }
  /** 1–5: that source; 0: all. */
  | { kind: 'filter'; source: InboxSource | null }
  | { kind: 'unread-only' }
  | { kind: 'refresh' };

export function inboxKeyAction(input: string, key: Pick<Key, 'upArrow' | 'downArrow' | 'pageUp' | 'pageDown' | 'return' | 'ctrl' | 'meta'>, page = 10): InboxKeyAction | null {
  if (key.ctrl || key.meta) return null;
  if (key.downArrow || input === 'j') return { kind: 'move', by: 1 };
  if (key.upArrow || input === 'k') return { kind: 'move', by: -1 };
  if (key.pageDown) return { kind: 'move', by: page };
  if (key.pageUp) return { kind: 'move', by: -page };
  if (key.return) return { kind: 'open' };
  switch (input) {
    case 'g':
      return { kind: 'ends', to: 'first' };
    case 'G':
      return { kind: 'ends', to: 'last' };
    case 'd':
      return { kind: 'done' };
    case 'D':
      return { kind: 'all-done' };
    case 'n':
      return { kind: 'next-unread' };
    case 'f':
      return { kind: 'cycle-filter' };
    case 'u':
      return { kind: 'unread-only' };
    case 'r':
      return { kind: 'refresh' };
    case '0':
      return { kind: 'filter', source: null };
  }
  const n = /^[1-9]$/.test(input) ? Number(input) : 0;
  const source = INBOX_SOURCES[n - 1];
  return source === undefined ? null : { kind: 'filter', source };
}

/** The source after `source` in the f cycle (null: all). */
export function nextInboxFilter(source: InboxSource | null): InboxSource | null {
  if (source === null) return INBOX_SOURCES[0] ?? null;
  return INBOX_SOURCES[INBOX_SOURCES.indexOf(source) + 1] ?? null;
}

/** `D` asks first when it would mark more than this many. */
export const ALL_DONE_ASK_ABOVE = 3;

export const INBOX_KEY_HELP: KeyHelp[] = [
  { keys: 'Enter', what: 'open it (a message in its conversation or thread, a task, a run timeline, a doc, a refused write where it was written) and mark it read' },
  { keys: 'd', what: 'mark done (it leaves the list; every face on this account sees it)' },
  { keys: 'D', what: `mark everything in the current filter done (asks y/n above ${ALL_DONE_ASK_ABOVE})` },
  { keys: 'n', what: 'the next unread item' },
  { keys: 'f', what: 'filter by source: all, then each source in turn' },
  { keys: `1–${INBOX_SOURCES.length}  0`, what: 'mentions / DMs / my tasks / runs / refused writes; 0 all' },
  { keys: 'u', what: 'unread only, or everything not done' },
  { keys: 'g  G', what: 'first / last item' },
  { keys: 'r', what: 'read every source again now' },
];
