// The status line's state: the last info or error, "reconnecting…" after a lost connection, and
// the re-login screen after a 401 (cleared when a new client arrives).
import { useCallback, useEffect } from 'react';
import { useUiState } from '../state/use-ui-store';
import { describeServiceNotice, onMissingDisplayField, type Client } from '../../shared/index';
import type { StatusMessage } from '../components/StatusLine';
import { describeError, isConnectionLoss, isUnauthorized } from '../format';

export interface AppStatus {
  status: StatusMessage | null;
  /** A call failed for want of a connection and none has succeeded since. */
  lost: boolean;
  relogin: boolean;
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
    setLost(false);
    setStatus((current) => (current?.connection === true ? null : current));
  }, []);
  const showError = useCallback((error: unknown, doing?: string) => {
    if (isUnauthorized(error)) setRelogin(true);
    if (isConnectionLoss(error)) setLost(true);
    const d = describeError(error);
    setStatus({ kind: 'error', message: doing ? `Could not ${doing}: ${d.message}` : d.message, hint: d.hint, connection: isConnectionLoss(error) });
  }, []);
  const viewChanged = useCallback(() => {
    setStatus((current) => (current?.kind === 'error' && current.connection !== true ? null : current));
  }, []);
  return { status, lost, relogin, askRelogin, info, showError, connectionOk, viewChanged };
}
