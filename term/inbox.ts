// The terminal's way to the attention inbox (the UI and `wsc inbox` alike): the account's
// InboxSession with its store opened the terminal's way (SQLite loaded lazily).
import { InboxSession, terminalOfflineRoot, type Identity, type InboxClient, type InboxOutbox, type OfflineAccount } from '../shared/index';
import type { InboxStore } from '../shared/inbox-store';
import { loadOfflineStore } from './store-loading';

export async function openTerminalInboxStore(path: string): Promise<InboxStore> {
  const { InboxStore: Store } = await loadOfflineStore(() => import('../shared/inbox-store'));
  return Store.open(path);
}

export interface TerminalInboxOptions {
  readonly client: InboxClient;
  readonly me: Pick<Identity, 'userId' | 'name' | 'handle' | 'workspaceId'>;
  readonly serviceUrl: string;
  readonly outbox?: InboxOutbox;
  readonly mentionsFromFeed?: boolean;
  readonly root?: string;
  readonly refreshEveryMs?: number;
}

export function terminalInboxSession(options: TerminalInboxOptions): InboxSession {
  const account: OfflineAccount = { serviceUrl: options.serviceUrl.replace(/\/+$/, ''), workspaceId: options.me.workspaceId, userId: options.me.userId };
  return new InboxSession({
    root: options.root ?? terminalOfflineRoot(),
    account,
    me: options.me,
    client: options.client,
    openStore: openTerminalInboxStore,
    ...(options.outbox ? { outbox: options.outbox } : {}),
    ...(options.mentionsFromFeed ? { mentionsFromFeed: true } : {}),
    ...(options.refreshEveryMs ? { refreshEveryMs: options.refreshEveryMs } : {}),
  });
}
