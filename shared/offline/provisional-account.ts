/**
 * The account a token acts as before the service has ever said who that is (a write made with
 * WSC_URL/WSC_TOKEN while the service cannot be reached): a folder of its own, named by a one-way
 * fingerprint of the address and token (never the token), so the write can wait in an outbox. The
 * first command that reaches the service learns the real account and moves what waits there.
 */
import { createHash } from 'node:crypto';
import type { OfflineConnection } from './known-accounts';
import type { OfflineAccount } from './store-folder';

const PROVISIONAL_WORKSPACE = '(not yet known)';

export function provisionalAccount(connection: OfflineConnection): OfflineAccount {
  const serviceUrl = connection.baseUrl.replace(/\/+$/, '');
  const fingerprint = createHash('sha256').update(`provisional\n${serviceUrl}\n${connection.token}`).digest('hex').slice(0, 32);
  return { serviceUrl, workspaceId: PROVISIONAL_WORKSPACE, userId: `token-${fingerprint}` };
}

export function isProvisionalAccount(account: OfflineAccount): boolean {
  return account.workspaceId === PROVISIONAL_WORKSPACE;
}
