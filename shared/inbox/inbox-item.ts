/**
 * One thing that wants the person's attention, from any source, as every face shows it: what,
 * who, where, when and where it opens. A schema-free leaf (the webview and the terminal's first
 * frame may import it).
 */
import { compareTimestamps } from '../timestamps';

export const INBOX_SOURCES = ['mention', 'dm', 'task', 'run', 'outbox'] as const;
export type InboxSource = (typeof INBOX_SOURCES)[number];

/** How each source is named in lists, filters and group headings. */
export const INBOX_SOURCE_LABELS: Readonly<Record<InboxSource, string>> = {
  mention: 'Mentions',
  dm: 'Direct messages',
  task: 'My tasks',
  run: 'Runs',
  outbox: 'Refused writes',
};

/** Where an item opens. */
export type InboxTarget =
  | { readonly kind: 'message'; readonly channelId: string; readonly messageId: string; readonly threadId?: string }
  | { readonly kind: 'task'; readonly ref: string }
  | { readonly kind: 'run'; readonly runId: string }
  | { readonly kind: 'outbox'; readonly entryId: number }
  | { readonly kind: 'doc'; readonly docId: string };

export type InboxState = 'unread' | 'read' | 'done';

export interface InboxItem {
  /** Stable across faces and runs: `<source>:<key>` (a mention's message id, a task's ref, a run's id and outcome). */
  readonly id: string;
  readonly source: InboxSource;
  /** What happened, one line ("T-12 moved to done: its pull request merged"). */
  readonly title: string;
  /** Who did it (a person's or agent's label), when known. */
  readonly who?: string;
  /** Where (a room label, a T-ref, a run), for the second column. */
  readonly where: string;
  /** When it happened (an ISO timestamp). */
  readonly at: string;
  readonly target: InboxTarget;
  /** The task this is about, when any (focus mode keeps what is about the branch's task). */
  readonly taskRef?: string;
  /** The thing behind it is gone (a deleted task, a run the person may no longer read). */
  readonly gone?: boolean;
  readonly state: InboxState;
}

/** What a source reports: an item without its read/done state (the store keeps that). */
export type InboxArrival = Omit<InboxItem, 'state'>;

export interface InboxFilter {
  readonly unread?: boolean;
  readonly source?: InboxSource;
  /** Done items too (default: only what is not done). */
  readonly done?: boolean;
}

export function isInboxSource(value: string): value is InboxSource {
  return (INBOX_SOURCES as readonly string[]).includes(value);
}

/** The list as faces show it: unread first, then newest first; done last. */
export function compareInboxItems(a: InboxItem, b: InboxItem): number {
  const rank = (s: InboxState) => (s === 'unread' ? 0 : s === 'read' ? 1 : 2);
  return rank(a.state) - rank(b.state) || compareTimestamps(b.at, a.at) || (a.id < b.id ? -1 : 1);
}

export function matchesInboxFilter(item: InboxItem, filter: InboxFilter): boolean {
  if (!filter.done && item.state === 'done') return false;
  if (filter.unread && item.state !== 'unread') return false;
  return filter.source === undefined || item.source === filter.source;
}

/** Counts of unread items per source and in all. */
export function unreadCounts(items: readonly InboxItem[]): { total: number; bySource: Record<InboxSource, number> } {
  const bySource = Object.fromEntries(INBOX_SOURCES.map((s) => [s, 0])) as Record<InboxSource, number>;
  let total = 0;
  for (const item of items) {
    if (item.state !== 'unread') continue;
    bySource[item.source] += 1;
    total += 1;
  }
  return { total, bySource };
}
