// Plain-text lines about a mention for notifications and tree rows (vscode-free).
import type { MentionRow } from '../../shared/index';

/** One line of the body: Markdown marks and control characters stripped, whitespace folded, cut at `max`. */
export function snippet(body: string, max = 120): string {
  const flat = body
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/```[\s\S]*?```/g, ' [code] ')
    .replace(/[*_`>#~]+/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function mentionTitle(row: MentionRow, channelName: string | undefined): string {
  const where = row.reason === 'dm' ? 'sent you a direct message' : `mentioned you${channelName ? ` in #${channelName}` : ''}`;
  return `${row.author.name} ${where}`;
}

/**
 * A Mentions tree row: the text first (what a narrow sidebar keeps), then who and where as the
 * description ("Bob B · #general", "● Bob B · direct message" while unread), and the name a screen
 * reader speaks, which carries the read state the highlight and icon show.
 */
export function mentionRowParts(row: MentionRow, channelName: string | undefined, unread = false): { label: string; description: string; accessibleName: string } {
  const where = row.reason === 'dm' ? 'direct message' : channelName ? `#${channelName}` : undefined;
  const label = snippet(row.body, 80) || '(no text)';
  const who = where ? `${row.author.name} · ${where}` : row.author.name;
  return {
    label,
    description: unread ? `● ${who}` : who,
    accessibleName: `${unread ? 'Unread' : 'Read'}: ${mentionTitle(row, channelName)}: ${label}`,
  };
}

export function notificationText(row: MentionRow, channelName: string | undefined): string {
  return `${mentionTitle(row, channelName)}: ${snippet(row.body)}`;
}

/** The thread a reply to this mention belongs in. */
export function replyParentId(row: MentionRow): string {
  return row.parent_id ?? row.id;
}
