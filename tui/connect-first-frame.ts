// Connecting for a start from the saved first frame (first-frame.ts): the identity comes from the
// frame, the client keeps what it reads in the offline store once `openStore` has opened it (after
// the first frame is drawn), and a warning about the store is said when the UI has left the screen.
import { cachingClient, Client, OfflineStoreError, terminalOfflineRoot, type OfflineAccount, type OfflineCache, type ResolvedConnection } from '../shared/index';
import { answerCapFrom, CLIENT_NAME, type Connected } from '../term/connect';
import { connectionLabel } from '../term/connection-plan';
import { knownAccount, openTerminalCache } from '../term/offline-cache';
import { readFirstFrame, type FirstFrame } from './first-frame';

export interface FirstFrameConnection extends Connected {
  readonly frame: FirstFrame;
  /** Opens the offline store; the client keeps what it reads from then on. */
  openStore(): Promise<void>;
  /** Lines to print once the terminal is back (a store set aside or not usable). */
  readonly warnings: string[];
}

/** `saved`: the account and frame already found (the painted first frame, tui/prepaint.ts). */
export function connectFromFirstFrame(
  connection: Extract<ResolvedConnection, { token: string }>,
  root = terminalOfflineRoot(),
  saved?: { account: OfflineAccount; frame: FirstFrame },
): FirstFrameConnection | undefined {
  let account: OfflineAccount | undefined = saved?.account;
  try {
    account ??= knownAccount(connection.baseUrl, connection.token, root);
  } catch {
    return undefined;
  }
  const frame = saved?.frame ?? (account ? readFirstFrame(root, account) : undefined);
  if (!account || !frame) return undefined;
  const known = account;
  const live = new Client({ baseUrl: connection.baseUrl, token: connection.token, clientName: CLIENT_NAME, ...answerCapFrom(process.env) });
  let cache: OfflineCache | undefined;
  let closed = false;
  const client = cachingClient(live, () => cache);
  const warnings: string[] = [];
  return {
    client,
    me: frame.me,
    frame,
    warnings,
    sourceLabel: connectionLabel(connection),
    demo: false,
    async openStore() {
      try {
        const opened = await openTerminalCache(live, known, (line) => warnings.push(line), root);
        if (closed) opened.cache.close();
        else {
          cache = opened.cache;
          // Saved for the next start (and a changed name is picked up): asked in the background.
          void client.me().catch(() => undefined);
        }
      } catch (error) {
        const hint = error instanceof OfflineStoreError ? ` ${error.hint}` : '';
        warnings.push(`wsc: the offline cache is not available this time: ${error instanceof Error ? error.message : String(error)}${hint}`);
      }
    },
    async close() {
      closed = true;
      cache?.close();
      cache = undefined;
      await live.close();
    },
  };
}
