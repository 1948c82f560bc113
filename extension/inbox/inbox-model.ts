// What the Inbox view and its notifications show of the shared inbox items: the groups (one per
// source, unread first), each row's words, the notification text and whether focus mode lets an
// item through. vscode-free (unit tested in test/extension/unit/inbox-model.test.ts).
import { INBOX_SOURCES, INBOX_SOURCE_LABELS, compareInboxItems, type InboxItem, type InboxSource } from '../../shared/index';

export interface InboxGroup {
  readonly source: InboxSource;
  readonly label: string;
  readonly unread: number;
  readonly items: readonly InboxItem[];
}

/** Sources that have items, in the shared order; each group's items unread first, then newest. */
export function groupInboxItems(items: readonly InboxItem[]): InboxGroup[] {
  return INBOX_SOURCES.flatMap((source) => {
    const mine = items.filter((i) => i.source === source).sort(compareInboxItems);
    if (mine.length === 0) return [];
    const unread = mine.filter((i) => i.state === 'unread').length;
    return [{ source, label: INBOX_SOURCE_LABELS[source], unread, items: mine }];
  });
}

export function groupLabel(group: Pick<InboxGroup, 'label' | 'unread'>): string {
  return group.unread > 0 ? `${group.label} (${group.unread})` : group.label;
}

/** "3 min ago", "2 h ago", "yesterday", "5 d ago", or the date for anything older than a month. */
export function relativeTime(at: string, now: number): string {
  const then = Date.parse(at);
  if (Number.isNaN(then)) return '';
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days === 1) return 'yesterday';
  if (days < 31) return `${days} d ago`;
  return new Date(then).toISOString().slice(0, 10);
}

/** A row's second column: who · where · when. */
export function itemDescription(item: InboxItem, now: number): string {
  return [item.who, item.where, relativeTime(item.at, now)].filter((p): p is string => p !== undefined && p !== '').join(' · ');
}

/** The row's label: unread ones carry a dot (a tree item cannot be bold), gone ones say so. */
export function itemLabel(item: InboxItem): string {
  return `${item.state === 'unread' ? '● ' : ''}${item.title}${item.gone ? ' (gone)' : ''}`;
}

/** What a screen reader hears for a row. */
export function itemAccessibleLabel(item: InboxItem, now: number): string {
  const state = item.state === 'unread' ? 'Unread' : item.state === 'read' ? 'Read' : 'Done';
  return `${state}: ${INBOX_SOURCE_LABELS[item.source]}: ${item.title}${item.gone ? ' (gone)' : ''}, ${itemDescription(item, now)}`;
}

/** Codicon per source (the unread state has its own icon colour in the tree). */
export const INBOX_SOURCE_ICONS: Readonly<Record<InboxSource, string>> = {
  mention: 'mention',
  dm: 'comment-discussion',
  task: 'tasklist',
  run: 'run-all',
  outbox: 'warning',
};

/** The notification text for an arrival. */
export function notificationText(item: InboxItem): string {
  const who = item.who ? `${item.who}: ` : '';
  switch (item.source) {
    case 'mention':
      return `${item.who ?? 'Someone'} mentioned you in ${item.where}: ${item.title}`;
    case 'dm':
      return `${item.who ?? 'Someone'} wrote to you: ${item.title}`;
    default:
      return `${who}${item.title}`;
  }
}

export interface NotifyContext {
  /** A debug session runs: nothing is announced. */
  readonly debugging: boolean;
  /** Focus mode is on: only what is about `branchTask` is announced. */
  readonly focusMode: boolean;
  /** The T-ref of the current branch's task, when the branch names one. */
  readonly branchTask: string | undefined;
  /** The mention's channel is muted. */
  readonly isMutedChannel: (channelId: string) => boolean;
}

/** Whether an arrival raises a notification (it is in the view and the count either way). */
export function shouldNotify(item: InboxItem, context: NotifyContext): boolean {
  if (item.state !== 'unread' || context.debugging) return false;
  if (item.target.kind === 'message' && context.isMutedChannel(item.target.channelId)) return false;
  if (!context.focusMode) return true;
  return context.branchTask !== undefined && item.taskRef !== undefined && item.taskRef.toUpperCase() === context.branchTask.toUpperCase();
}

/** Status bar words for `count` unread items (hidden at 0). */
export function unreadStatus(count: number): { text: string; tooltip: string; visible: boolean } {
  return {
    text: `$(inbox) ${count}`,
    tooltip: `${count} unread in your inbox: click to show it`,
    visible: count > 0,
  };
}
