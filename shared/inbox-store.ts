// The inbox's store for the faces, apart from shared/index.ts because it loads SQLite (like
// shared/outbox.ts): a face imports it lazily when the inbox opens.
export { InboxStore, INBOX_CAP_PER_SOURCE, WATCHED_RUNS_CAP, type WatchedRun, type InboxStoreOptions } from './inbox/inbox-store';
