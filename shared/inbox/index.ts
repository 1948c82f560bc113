// The attention inbox's items and their rules (schema-free; the store, which loads SQLite, is apart).
export { compareInboxItems, INBOX_SOURCE_LABELS, INBOX_SOURCES, isInboxSource, matchesInboxFilter, unreadCounts, type InboxArrival, type InboxFilter, type InboxItem, type InboxSource, type InboxState, type InboxTarget } from './inbox-item';
export { firstLine, firstTaskRef, mentionArrival } from './mention-items';
export { compareTaskLooks, describeTaskChange, taskArrival, taskSnapshot, type OwnTaskWrite, type SeenTask, type TaskSnapshot } from './task-changes';
export { runGoneArrival, runOutcome } from './run-items';
export { outboxArrival } from './outbox-items';
export type { WatchedRun } from './inbox-store';
