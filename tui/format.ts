// Small text helpers for the terminal UI: every string from the service goes through the shared
// sanitiser before it is measured, clipped or shown. What an Ink <Text> shows is SafeText: clip, fit,
// safeLine or textRow (a lint rule in eslint.config.mjs holds <Text> children to these), and they
// take SafeText only, built with safeLine() or term`…` (shared/markdown/safe-text.ts).
import { isApiError, term, type SafeText } from '../shared/index';
import { safeLine } from './terminal-text';

export { term, type SafeText } from '../shared/index';
export { clip, customRoomIcon, fit, roomIcon, roomLabel, safeLine, textRow } from './terminal-text';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** `HH:MM` for today, else `Mon DD HH:MM`, in local time (drawn for every row of every frame: no Intl). */
export function shortTime(iso: string, now = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const hm = `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  if (d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate()) return hm;
  return `${MONTHS[d.getMonth()] ?? ''} ${d.getDate()} ${hm}`;
}

/** What a view says while its answer has not come: loading, or (the service cannot be reached) that it is offline and what happens next. */
export function loadingLabel(offline: boolean): string {
  return offline ? 'offline: the service cannot be reached · refreshes when it answers' : 'loading…';
}

/** What the status line shows for a failure: the API's message and hint, never a stack trace. */
export function describeError(error: unknown): { message: SafeText; hint: SafeText; code: SafeText } {
  if (isApiError(error)) return { message: safeLine(error.message), hint: safeLine(error.hint), code: safeLine(error.code) };
  if (error instanceof Error && 'hint' in error && typeof (error as { hint: unknown }).hint === 'string') {
    return { message: safeLine(error.message), hint: safeLine((error as { hint: string }).hint), code: term`error` };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message: safeLine(message), hint: term`Try again; if it keeps failing, restart wsc.`, code: term`error` };
}

export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.code === 'unauthorized';
}

/** Network trouble (the service cannot be reached): the UI says "reconnecting…" and keeps trying. */
export function isConnectionLoss(error: unknown): boolean {
  return isApiError(error) && (error.code === 'network_error' || error.status >= 500 || error.code === 'rate_limited');
}
