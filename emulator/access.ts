// Channel visibility: the one place that decides who can read a room. Public channels are readable
// by every non-guest member; private channels and DMs only by their members; guests only by
// membership. Extra checks (e.g. a module that hides rooms) can be added with addAccessCheck.
import type { Role } from '../shared/contract';
import { notFound } from './errors';
import { noteReadable } from './replay-grants';
import type { ChannelRecord } from './store/records';
import type { Services } from './types';

export interface Reader {
  personId: string;
  role: Role;
}

/** An extra check: return false to hide a channel the base rule would show. */
export type AccessCheck = (svc: Services, reader: Reader, channel: ChannelRecord) => boolean;
const extraChecks: AccessCheck[] = [];

export function addAccessCheck(check: AccessCheck): () => void {
  extraChecks.push(check);
  return () => {
    const i = extraChecks.indexOf(check);
    if (i >= 0) extraChecks.splice(i, 1);
  };
}

export function isMember(svc: Services, channelId: string, memberId: string): boolean {
  return svc.db.prepare('SELECT 1 FROM channel_members WHERE channel_id = ? AND member_id = ?').get(channelId, memberId) !== undefined;
}

export function canRead(svc: Services, reader: Reader, channel: ChannelRecord): boolean {
  const member = isMember(svc, channel.id, reader.personId);
  const base = reader.role === 'guest' || channel.private || channel.kind === 'dm' ? member : true;
  const readable = base && extraChecks.every((check) => check(svc, reader, channel));
  if (readable) noteReadable(reader.personId, channel.id);
  return readable;
}

export function getChannel(svc: Services, id: string): ChannelRecord | null {
  const row = svc.db.prepare('SELECT * FROM channels WHERE id = ?').get(id) as RawChannel | undefined;
  return row ? channelFromRow(row) : null;
}

/** The channel when the reader can read it; otherwise 404 (identical for missing and hidden). */
export function requireReadableChannel(svc: Services, reader: Reader, id: string): ChannelRecord {
  const channel = getChannel(svc, id);
  if (!channel || !canRead(svc, reader, channel)) throw notFound('Channel', 'Check the channel id (GET /api/v1/channels lists the ones you can read).');
  return channel;
}

export function readableChannels(svc: Services, reader: Reader): ChannelRecord[] {
  const rows = svc.db.prepare('SELECT * FROM channels ORDER BY created_at').all() as RawChannel[];
  return rows.map(channelFromRow).filter((c) => canRead(svc, reader, c));
}

/** Whether any guest (person with role guest) is a member of the channel. */
export function channelHasGuest(svc: Services, channelId: string): boolean {
  return (
    svc.db
      .prepare("SELECT 1 FROM channel_members m JOIN people p ON p.id = m.member_id WHERE m.channel_id = ? AND p.role = 'guest'")
      .get(channelId) !== undefined
  );
}

export interface RawChannel {
  id: string;
  name: string;
  description: string;
  kind: string;
  private: number;
  archived: number;
  room_icon: string | null;
  created_at: string;
}

export function channelFromRow(row: RawChannel): ChannelRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind === 'dm' ? 'dm' : 'channel',
    private: row.private === 1,
    archived: row.archived === 1,
    room_icon: row.room_icon,
    created_at: row.created_at,
  };
}
