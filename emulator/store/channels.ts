// Channel record -> wire shape.
import type { Channel } from '../../shared/contract';
import { isMember } from '../access';
import type { Services } from '../types';
import type { ChannelRecord } from './records';

export function toWireChannel(svc: Services, c: ChannelRecord, personId: string): Channel {
  const last = svc.db.prepare('SELECT MAX(created_at) AS at FROM messages WHERE channel_id = ?').get(c.id) as { at: string | null };
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    kind: c.kind,
    private: c.private,
    archived: c.archived,
    room_icon: c.room_icon,
    is_member: isMember(svc, c.id, personId),
    last_message_at: last.at,
  };
}
