// What changes the status line (its state is the UiStore's `status`, its transitions
// state/status-line.ts's): notes that leave after a while, errors, the re-login screen after a 401
// (cleared when a new client arrives), and the "updated N min ago" of a saved copy kept current.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { cacheOf, describeServiceNotice, onMissingDisplayField, type Client } from '../../shared/index';
import { firstFrame } from '../first-frame';
import { useUiRoot, useUiSelector, useUiState } from '../state/use-ui-store';
import { statusConnectionOk, statusError, statusInfo, statusViewChanged } from '../state/status-line';

export interface AppStatus {
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
export function cachedAt(client: Client): number | null {
  try {
    return cacheOf(client)?.get('channels')?.savedAt ?? firstFrame()?.savedAt ?? null;
  } catch {
    return firstFrame()?.savedAt ?? null;
  }
}

export function useStatus(client: Client): AppStatus {
  const { store } = useUiRoot();
  const message = useUiSelector((s) => s.status.message);
  const savedCopyAt = useUiSelector((s) => s.status.savedCopyAt);
  // A note outlives its moment otherwise; errors stay until something replaces them, and
  // connection notes until a call gets through (connectionOk).
  useEffect(() => {
    if (message?.kind !== 'info' || message.connection === true || message.sticky === true) return;
    const timer = setTimeout(() => store.setStatus((s) => (s.message === message ? { ...s, message: null } : s)), INFO_MS);
    return () => clearTimeout(timer);
  }, [message]);
  // The last time a call got through: the age of what stays on screen once the service goes away.
  const lastOk = useRef<number | null>(null);
  const [, setTick] = useUiState(0);
  useEffect(() => {
    if (savedCopyAt === null) return;
    const timer = setInterval(() => setTick((t) => t + 1), SAVED_AGO_TICK_MS);
    return () => clearInterval(timer);
  }, [savedCopyAt]);
  useEffect(() => store.setStatus((s) => (s.relogin ? { ...s, relogin: false } : s)), [client]);
  // Deprecation/Sunset from the service: said once per session on the status line.
  useEffect(() => client.onServiceNotice((notice) => store.setStatus((s) => statusInfo(s, describeServiceNotice(notice)))), [client]);
  // A display field missing from a whole answer (a renamed `author`): said once, and it stays until
  // something replaces it, since the placeholders on screen would otherwise hide it.
  useEffect(() => onMissingDisplayField((notice) => store.setStatus((s) => statusInfo(s, notice.message, { sticky: true }))), []);
  const askRelogin = useCallback(() => store.setStatus((s) => (s.relogin ? s : { ...s, relogin: true })), [store]);
  const info = useCallback((text: string, options?: { connection?: boolean; sticky?: boolean }) => store.setStatus((s) => statusInfo(s, text, options)), [store]);
  const connectionOk = useCallback(() => {
    lastOk.current = Date.now();
    store.setStatus(statusConnectionOk);
  }, [store]);
  const showError = useCallback((error: unknown, doing?: string) => store.setStatus((s) => statusError(s, error, doing, lastOk.current)), [store]);
  const viewChanged = useCallback(() => store.setStatus(statusViewChanged), [store]);
  return useMemo(() => ({ askRelogin, info, showError, connectionOk, viewChanged }), [askRelogin, info, showError, connectionOk, viewChanged]);
}
