// The status line's state and how events change it, as pure functions (unit-tested without a
// screen): the last info or error, whether the service was lost, the re-login screen after a 401,
// whether what is shown is a saved copy and from when, and whether the live feed is reconnecting.
import { describeError, isConnectionLoss, isUnauthorized } from '../format';

export type StatusMessage =
  | { kind: 'info'; text: string; connection?: boolean; sticky?: boolean }
  /** connection: the service could not be reached (cleared once a call succeeds again). */
  | { kind: 'error'; message: string; hint: string; connection?: boolean };

export interface StatusLineState {
  message: StatusMessage | null;
  /** A call failed for want of a connection and none has succeeded since. */
  lost: boolean;
  /** The service refused the token: the re-login screen is shown. */
  relogin: boolean;
  /** When what is on screen was last read from the service, while it is a saved copy; null once live answers replace it. */
  savedCopyAt: number | null;
  /** The live feed lost the service and is retrying. */
  feedReconnecting: boolean;
}

export const quietStatusLine = (savedCopyAt: number | null = null): StatusLineState => ({ message: null, lost: false, relogin: false, savedCopyAt, feedReconnecting: false });

/** connection: the text is about reaching the service (it leaves once a call gets through); sticky: it stays until replaced. */
export function statusInfo(s: StatusLineState, text: string, options?: { connection?: boolean; sticky?: boolean }): StatusLineState {
  return { ...s, message: { kind: 'info', text, ...(options?.connection ? { connection: true } : {}), ...(options?.sticky ? { sticky: true } : {}) } };
}

/** An error: said with its hint; a 401 asks for a new sign-in, a lost connection keeps what is shown as a saved copy from `lastOk`. */
export function statusError(s: StatusLineState, error: unknown, doing: string | undefined, lastOk: number | null): StatusLineState {
  const d = describeError(error);
  const lost = isConnectionLoss(error);
  // "reconnecting…" already says a lost connection; a sticky note (where unsaved words are kept) stays.
  const keepSticky = lost && s.message?.kind === 'info' && s.message.sticky === true;
  return {
    ...s,
    relogin: s.relogin || isUnauthorized(error),
    lost: s.lost || lost,
    savedCopyAt: lost ? (s.savedCopyAt ?? lastOk) : s.savedCopyAt,
    message: keepSticky ? s.message : { kind: 'error', message: doing ? `Could not ${doing}: ${d.message}` : d.message, hint: d.hint, connection: lost },
  };
}

/** A call got through: "could not reach the service" is no longer true, and what is shown is live. */
export function statusConnectionOk(s: StatusLineState): StatusLineState {
  if (!s.lost && s.savedCopyAt === null && s.message?.connection !== true) return s;
  return { ...s, lost: false, savedCopyAt: null, message: s.message?.connection === true ? null : s.message };
}

/** Another view is shown: an error of the one left behind leaves the line (not one about the connection). */
export function statusViewChanged(s: StatusLineState): StatusLineState {
  return s.message?.kind === 'error' && s.message.connection !== true ? { ...s, message: null } : s;
}

/** The status line says "reconnecting…". */
export const isReconnecting = (s: StatusLineState): boolean => s.lost || s.feedReconnecting;
