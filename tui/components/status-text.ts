// The bottom line's words (StatusLine draws them; the saved first frame is painted with them before
// the UI loads): the latest error (the API's message and its hint), an info note, "saved copy ·
// updated 3 min ago" while what is shown has not been read from the service again, or
// "reconnecting…" while the service cannot be reached; the key hint (the app keymap's) otherwise.
import { savedAgo } from '../../shared/prepaint';
import { footerHint } from '../keys/app-keymap';
import type { StatusMessage } from '../state/status-line';

export type { StatusMessage } from '../state/status-line';
import { clip, safeLine, type SafeText } from '../terminal-text';


export interface StatusTextInput {
  status: StatusMessage | null;
  reconnecting: boolean;
  /** When the saved copy on screen was read from the service (null: what is shown is live). */
  savedAt?: number | null;
  /** The sidebar is hidden: the hint says how to bring it back. */
  zoomed?: boolean;
}

export function statusText(props: StatusTextInput, now = Date.now()): string {
  const parts: string[] = [];
  if (props.savedAt !== undefined && props.savedAt !== null) parts.push(`saved copy · updated ${savedAgo(props.savedAt, now)}`);
  if (props.reconnecting) parts.push('reconnecting… (Ctrl+R retries now)');
  const s = props.status;
  if (s?.kind === 'error') parts.push(`✖ ${s.message}${s.hint ? ` — ${s.hint}` : ''}`);
  else if (s?.kind === 'info') parts.push(s.text);
  if (parts.length === 0) parts.push(footerHint(props.zoomed === true));
  return parts.join('  ');
}

export function statusLine(props: StatusTextInput, width: number, now = Date.now()): SafeText {
  return clip(safeLine(statusText(props, now)), width);
}

/** Errors (and reconnecting) in red, everything else dim; no colour without colour. */
export function statusStyle(props: Pick<StatusTextInput, 'status' | 'reconnecting'>, color: boolean): { red: boolean; dim: boolean } {
  const isError = props.status?.kind === 'error' || props.reconnecting;
  return { red: color && isError, dim: color && !isError };
}
