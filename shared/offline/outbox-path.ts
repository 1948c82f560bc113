// Where one account's outbox file is, and whether there is one (no SQLite loaded to find out).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { offlineAccountFolder, OUTBOX_FILE, type OfflineAccount } from './store-folder';

export function outboxPath(root: string, account: OfflineAccount): string {
  return join(offlineAccountFolder(root, account), OUTBOX_FILE);
}

export function hasOutbox(root: string, account: OfflineAccount): boolean {
  return existsSync(outboxPath(root, account));
}
