// The bottom line: the latest error (the API's message and its hint, never a stack trace), an info
// note, "saved copy · updated 3 min ago" while what is shown has not been read from the service
// again, or "reconnecting…" while the service cannot be reached; the key hint otherwise.
import { Text } from 'ink';
import { clip, safeLine } from '../format';
import { savedAgo } from '../../term/offline-cache';

export type StatusMessage =
  | { kind: 'info'; text: string; connection?: boolean; sticky?: boolean }
  /** connection: the service could not be reached (cleared once a call succeeds again). */
  | { kind: 'error'; message: string; hint: string; connection?: boolean };

export interface StatusLineProps {
  width: number;
  status: StatusMessage | null;
  reconnecting: boolean;
  /** When the saved copy on screen was read from the service (null: what is shown is live). */
  savedAt?: number | null;
  color?: boolean;
  /** The sidebar is hidden: the hint says how to bring it back. */
  zoomed?: boolean;
}

export function statusText(props: Pick<StatusLineProps, 'status' | 'reconnecting' | 'zoomed' | 'savedAt'>, now = Date.now()): string {
  const parts: string[] = [];
  if (props.savedAt !== undefined && props.savedAt !== null) parts.push(`saved copy · updated ${savedAgo(props.savedAt, now)}`);
  if (props.reconnecting) parts.push('reconnecting… (Ctrl+R retries now)');
  const s = props.status;
  if (s?.kind === 'error') parts.push(`✖ ${s.message}${s.hint ? ` — ${s.hint}` : ''}`);
  else if (s?.kind === 'info') parts.push(s.text);
  if (parts.length === 0) parts.push(`? help · / search · : palette · Tab panes · ${props.zoomed === true ? 'z sidebar' : 'z zoom'} · q quit`);
  return parts.join('  ');
}

export function StatusLine(props: StatusLineProps) {
  const color = props.color !== false;
  const isError = props.status?.kind === 'error' || props.reconnecting;
  return (
    <Text color={color && isError ? 'red' : undefined} dimColor={color && !isError} wrap="truncate">
      {clip(safeLine(statusText(props)), props.width)}
    </Text>
  );
}
