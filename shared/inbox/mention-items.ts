// A mention or a DM as an inbox item: one item per message (a DM that also mentions is one).
import type { Channel, MentionRow } from '../contract';
import { authorLabel } from '../channels/author-label';
import { roomLabel, type RoomReader } from '../channels/channel-name';
import { findReferences } from '../references/find-references';
import type { InboxArrival } from './inbox-item';

const TITLE_MAX = 160;

/** The first line of a Markdown body, plain enough for a list row or a notification. */
export function firstLine(body: string, max = TITLE_MAX): string {
  const line = body.split('\n').map((l) => l.trim()).find((l) => l !== '') ?? '';
  const plain = line.replace(/^#+\s*/, '').replace(/\s+/g, ' ');
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

export function firstTaskRef(text: string): string | undefined {
  const found = findReferences(text).find((r) => r.kind === 'task');
  return found?.kind === 'task' ? found.ref : undefined;
}

export function mentionArrival(row: MentionRow, channels: ReadonlyMap<string, Pick<Channel, 'kind' | 'name'>>, reader?: RoomReader): InboxArrival {
  const channel = channels.get(row.channel_id);
  const taskRef = firstTaskRef(row.body);
  return {
    id: `message:${row.id}`,
    source: row.reason === 'dm' ? 'dm' : 'mention',
    title: firstLine(row.body) || '(no text)',
    who: authorLabel(row.author),
    where: channel ? roomLabel(channel, reader) : row.reason === 'dm' ? 'a direct message' : 'a channel',
    at: row.created_at,
    target: { kind: 'message', channelId: row.channel_id, messageId: row.id, ...(row.parent_id ? { threadId: row.parent_id } : {}) },
    ...(taskRef ? { taskRef } : {}),
  };
}
