// Which account a token acts as, as last learnt from the service, found without the service (the
// offline files are kept per account). Small on purpose: the saved first frame is found with it
// before the UI loads (tui/prepaint.ts).
import { knownAccount as knownAccountOf, terminalOfflineRoot, type OfflineAccount } from '../shared/prepaint';

/** One spelling per service address, however it was configured. */
export function normalServiceUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** The account this token acts as (shared/offline/known-accounts.ts); undefined when never seen. */
export function knownAccount(serviceUrl: string, token: string, root = terminalOfflineRoot()): OfflineAccount | undefined {
  return knownAccountOf(root, { baseUrl: normalServiceUrl(serviceUrl), token });
}
