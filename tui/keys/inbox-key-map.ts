// The Inbox view's keys as a pure map (unit-tested without a screen), and their help lines: the
// help overlay's Inbox section is this list (keys.ts).
import type { Key } from 'ink';
import { INBOX_SOURCES, type InboxSource } from '../../shared/index';
import { boundAction, type KeyBinding } from './key-binding';

/** `D` asks first when it would mark more than this many. */
export const ALL_DONE_ASK_ABOVE = 3;

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

type InboxKeyName = 'open' | 'done' | 'all-done' | 'next-unread' | 'cycle-filter' | 'filter' | 'all' | 'unread-only' | 'first' | 'last' | 'refresh' | 'down' | 'up' | 'page-down' | 'page-up';

/** The Inbox view's keys, in the order the help lists them (1–5 pick a source by its place). */
export const INBOX_KEYS: readonly KeyBinding<InboxKeyName>[] = [
  { keys: ['Enter'], action: 'open', help: 'open it (a message in its conversation or thread, a task, a run timeline, a doc, a refused write where it was written) and mark it read' },
  { keys: ['d'], action: 'done', help: 'mark done (it leaves the list; every face on this account sees it)' },
  { keys: ['D'], action: 'all-done', help: `mark everything in the current filter done (asks y/n above ${ALL_DONE_ASK_ABOVE})` },
  { keys: ['n'], action: 'next-unread', help: 'the next unread item' },
  { keys: ['f'], action: 'cycle-filter', help: 'filter by source: all, then each source in turn' },
  { keys: INBOX_SOURCES.map((_s, i) => String(i + 1)), action: 'filter', label: `1–${INBOX_SOURCES.length}  0`, help: 'mentions / DMs / my tasks / runs / refused writes; 0 all' },
  { keys: ['0'], action: 'all' },
  { keys: ['u'], action: 'unread-only', help: 'unread only, or everything not done' },
  { keys: ['g'], action: 'first', label: 'g  G', help: 'first / last item' },
  { keys: ['G'], action: 'last' },
  { keys: ['r'], action: 'refresh', help: 'read every source again now' },
  { keys: ['↓', 'j'], action: 'down' },
  { keys: ['↑', 'k'], action: 'up' },
  { keys: ['PgDn'], action: 'page-down' },
  { keys: ['PgUp'], action: 'page-up' },
];

const SIMPLE: Partial<Record<InboxKeyName, InboxKeyAction>> = {
  open: { kind: 'open' },
  done: { kind: 'done' },
  'all-done': { kind: 'all-done' },
  'next-unread': { kind: 'next-unread' },
  'cycle-filter': { kind: 'cycle-filter' },
  all: { kind: 'filter', source: null },
  'unread-only': { kind: 'unread-only' },
  first: { kind: 'ends', to: 'first' },
  last: { kind: 'ends', to: 'last' },
  refresh: { kind: 'refresh' },
};

export function inboxKeyAction(input: string, key: Pick<Key, 'upArrow' | 'downArrow' | 'pageUp' | 'pageDown' | 'return' | 'ctrl' | 'meta'> & Partial<Key>, page = 10): InboxKeyAction | null {
  if (key.ctrl || key.meta) return null;
  const name = boundAction(INBOX_KEYS, input, key);
  if (name === null) return null;
  const moves: Partial<Record<InboxKeyName, number>> = { down: 1, up: -1, 'page-down': page, 'page-up': -page };
  const by = moves[name];
  if (by !== undefined) return { kind: 'move', by };
  // A source by its place in the list (1 mentions, 2 DMs…).
  if (name === 'filter') return { kind: 'filter', source: INBOX_SOURCES[Number(input) - 1] ?? null };
  return SIMPLE[name] ?? null;
}

/** The source after `source` in the f cycle (null: all). */
export function nextInboxFilter(source: InboxSource | null): InboxSource | null {
  if (source === null) return INBOX_SOURCES[0] ?? null;
  return INBOX_SOURCES[INBOX_SOURCES.indexOf(source) + 1] ?? null;
}
