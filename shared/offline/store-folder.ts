/**
 * Where one account's offline files live: `<root>/<hash of service URL, workspace and user>/`,
 * holding cache.sqlite and outbox.sqlite (separate files, so trimming or clearing the cache never
 * touches what is waiting to be sent). `root` is `$XDG_STATE_HOME/wsc/offline` for the terminal and
 * the extension's global storage folder in VS Code.
 */
import { join } from 'node:path';
import { stateDir, type Env } from '../config/paths';

export interface OfflineAccount {
  /** The service's base URL as configured (normalised by the caller). */
  readonly serviceUrl: string;
  readonly workspaceId: string;
  readonly userId: string;
}

export function terminalOfflineRoot(env: Env = process.env): string {
  return join(stateDir(env), 'offline');
}

export function offlineAccountFolder(root: string, account: OfflineAccount): string {
  const key = JSON.stringify([account.serviceUrl, account.workspaceId, account.userId]);
  // node:crypto fetched at first use, not imported: loading the extension does not load it.
  return join(root, process.getBuiltinModule('node:crypto').createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 40));
}

export const CACHE_FILE = 'cache.sqlite';
export const OUTBOX_FILE = 'outbox.sqlite';
