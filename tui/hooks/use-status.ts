// The status line's state: the last info or error, "reconnecting…" after a lost connection, the
// re-login screen after a 401 (cleared when a new client arrives), and whether what is shown is a
// saved copy (the offline cache's, or the last answers before the service went away) and from when.
import { useCallback, useEffect, useRef } from 'react';
import { useUiState } from '../state/use-ui-store';
import { cacheOf, describeServiceNotice, onMissingDisplayField, type Client } from '../../shared/index';
import type { StatusMessage } from '../components/StatusLine';
import { describeError, isConnectionLoss, isUnauthorized } from '../format';
import { firstFrame } from '../first-frame';

export interface AppStatus {
  status: StatusMessage | null;
  /** A call failed for want of a connection and none has succeeded since. */
  lost: boolean;
  relogin: boolean;
  /** When what is on screen was last read from the service, while it is a saved copy; null once live answers replace it. */
  savedCopyAt: number | null;
  askRelogin(): void;
  /** connection: the text is about reaching the service (it leaves once a call gets through). */
  /** sticky: stays until something replaces it (what was not saved and where it is kept). */
  info(text: string, options?: { connection?: boolean; sticky?: boolean }): void;
  showError(error: unknown, doing?: string): void;
  connectionOk(): void;
  /** Another view is shown: an error of the one left behind leaves the line (not one about the connection). */
  viewChanged(): void;
}

/** How long a note ("Saved …", "message edited") stays before the key hint returns. */
export const INFO_MS = 8_000;
/** "updated N min ago" is drawn again this often while a saved copy is shown. */
const SAVED_AGO_TICK_MS = 30_000;

/** When the offline cache last heard the channel list: the first frame draws it before any answer. */
function cachedAt(client: Client): number | null {
  try {
    return cacheOf(client)?.get('channels')?.savedAt ?? firstFrame()?.savedAt ?? null;
  } catch {
    return firstFrame()?.savedAt ?? null;
  }
}

export function useStatus(client: Client): AppStatus {
  const [status, setStatus] = useUiState<StatusMessage | null>(null);
  // A note outlives its moment otherwise; errors stay until something replaces them, and
  // connection notes until a call gets through (connectionOk).
  useEffect(() => {
    if (status?.kind !== 'info' || status.connection === true || status.sticky === true) return;
    const timer = setTimeout(() => setStatus((current) => (current === status ? null : current)), INFO_MS);
    return () => clearTimeout(timer);
  }, [status]);
  const [lost, setLost] = useUiState(false);
  const [relogin, setRelogin] = useUiState(false);
  const [savedCopyAt, setSavedCopyAt] = useUiState<number | null>(() => cachedAt(client));
  // The last time a call got through: the age of what stays on screen once the service goes away.
  const lastOk = useRef<number | null>(null);
  const [, setTick] = useUiState(0);
  useEffect(() => {
    if (savedCopyAt === null) return;
    const timer = setInterval(() => setTick((t) => t + 1), SAVED_AGO_TICK_MS);
    return () => clearInterval(timer);
  }, [savedCopyAt]);
  useEffect(() => setRelogin(false), [client]);
  // Deprecation/Sunset from the service: said once per session on the status line.
  useEffect(() => client.onServiceNotice((notice) => setStatus({ kind: 'info', text: describeServiceNotice(notice) })), [client]);
  // A display field missing from a whole answer (a renamed `author`): said once, and it stays until
  // something replaces it, since the placeholders on screen would otherwise hide it.
  useEffect(() => onMissingDisplayField((notice) => setStatus({ kind: 'info', text: notice.message, sticky: true })), []);
  const askRelogin = useCallback(() => setRelogin(true), []);
  const info = useCallback(
    (text: string, options?: { connection?: boolean; sticky?: boolean }) =>
      setStatus({ kind: 'info', text, ...(options?.connection ? { connection: true } : {}), ...(options?.sticky ? { sticky: true } : {}) }),
    [],
  );
  // A call got through: "could not reach the service" is no longer true, so it leaves the line.
  const connectionOk = useCallback(() => {
    lastOk.current = Date.now();
    setLost(false);
    setSavedCopyAt(null);
    setStatus((current) => (current?.connection === true ? null : current));
  }, []);
  const showError = useCallback((error: unknown, doing?: string) => {
    if (isUnauthorized(error)) setRelogin(true);
    if (isConnectionLoss(error)) {
      setLost(true);
      setSavedCopyAt((current) => current ?? lastOk.current);
    }
    const d = describeError(error);
    setStatus({ kind: 'error', message: doing ? `Could not ${doing}: ${d.message}` : d.message, hint: d.hint, connection: isConnectionLoss(error) });
  }, []);
  const viewChanged = useCallback(() => {
    setStatus((current) => (current?.kind === 'error' && current.connection !== true ? null : current));
  }, []);
  return { status, lost, relogin, savedCopyAt, askRelogin, info, showError, connectionOk, viewChanged };
}
