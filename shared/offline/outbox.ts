// The outbox's entry for the faces: the store, the replayer, the send-or-queue path and where one
// account's outbox file lives.
import { Outbox, type OutboxOptions } from './outbox-store';
import { hasOutbox, outboxPath } from './outbox-path';
import type { OfflineAccount } from './store-folder';

export { Outbox, CLAIM_LEASE_MS, newOutboxOwner, processIsAlive, type DropRequest, type OutboxEntry, type OutboxError, type OutboxOperation, type OutboxOwner, type OutboxState } from './outbox-store';
export { replayOutbox, sendOperation, DROP_WATCH_MS, isWorthQueueing, outboxErrorOf, type OutboxResult, type OutboxSender, type ReplayHandlers, type ReplayReport } from './outbox-replay';
export { sendThroughOutbox, type SendOutcome, type SendOptions } from './outbox-send';
export { knownAccount, rememberAccount, forgetAccount, type OfflineConnection } from './known-accounts';
export { offlineAccountFolder, terminalOfflineRoot, OUTBOX_FILE, type OfflineAccount } from './store-folder';

export { outboxPath, hasOutbox };

export function openAccountOutbox(root: string, account: OfflineAccount, options?: OutboxOptions): Outbox {
  return Outbox.open(outboxPath(root, account), options);
}

/** The account's outbox when one was ever made (no file is created just to look). */
export function existingAccountOutbox(root: string, account: OfflineAccount, options?: OutboxOptions): Outbox | undefined {
  return hasOutbox(root, account) ? Outbox.open(outboxPath(root, account), options) : undefined;
}
