// What the mentions feature shows: whether and how a new mention is announced, and the unread count
// on the view's badge and the status bar item (vscode-free).
import type { MentionRow } from '../../shared/index';
import { notificationText } from './mention-text';

/** How many notification texts the feature keeps for tests to read. */
export const KEPT_NOTIFICATIONS = 50;

export interface NoticeContext {
  isMuted(channelId: string): boolean;
  channelName(channelId: string): string | undefined;
  /** Quiet during debug is on and a debug session runs. */
  quietNow(): boolean;
}

/** The notification text for a new mention, or undefined when it stays silent (muted channel, quiet while debugging). */
export function mentionNotice(row: MentionRow, context: NoticeContext): string | undefined {
  if (context.isMuted(row.channel_id)) return undefined;
  if (context.quietNow()) return undefined;
  return notificationText(row, context.channelName(row.channel_id));
}

/** Appends `text`, dropping the oldest beyond KEPT_NOTIFICATIONS. */
export function keepNotification(kept: string[], text: string): void {
  kept.push(text);
  if (kept.length > KEPT_NOTIFICATIONS) kept.shift();
}

export interface UnreadCountShown {
  badge: { value: number; tooltip: string } | undefined;
  text: string;
  tooltip: string;
  /** The status bar item shows only while signed in with something unread. */
  visible: boolean;
}

export function unreadCountShown(count: number, signedIn: boolean): UnreadCountShown {
  const tooltip = `${count} unread mention${count === 1 ? '' : 's'} and direct messages`;
  return {
    badge: count > 0 ? { value: count, tooltip } : undefined,
    text: `$(mention) ${count}`,
    tooltip,
    visible: signedIn && count > 0,
  };
}
