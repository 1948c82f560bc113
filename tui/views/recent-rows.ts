// The Recent view's rows: every conversation (channels and DMs alike) by its last activity, newest
// first. The activity is the channel list's `last_message_at`; a service that leaves it out is
// answered from the offline cache's newest kept message of that room; a room with neither comes last.
import type { Channel, Message } from '../../shared/index';

export interface RecentRow {
  channel: Channel;
  /** created_at of the newest message known, or null. */
  lastAt: string | null;
  /** Where lastAt came from: the service's channel list, or the kept copy. */
  from: 'service' | 'kept' | null;
}

export function recentRows(channels: readonly Channel[], keptNewest: (channelId: string) => string | undefined = () => undefined): RecentRow[] {
  const rows = channels.map((channel): RecentRow => {
    const listed = channel.last_message_at ?? null;
    if (listed) return { channel, lastAt: listed, from: 'service' };
    const kept = keptNewest(channel.id) ?? null;
    return { channel, lastAt: kept, from: kept ? 'kept' : null };
  });
  const time = (r: RecentRow) => (r.lastAt === null ? Number.NEGATIVE_INFINITY : Date.parse(r.lastAt) || Number.NEGATIVE_INFINITY);
  // Stable: rooms with the same time (or none) keep the channel list's order.
  return rows.map((r, i) => ({ r, i })).sort((a, b) => time(b.r) - time(a.r) || a.i - b.i).map(({ r }) => r);
}

/** The newest created_at among kept messages, for the fallback. */
export function newestCreatedAt(messages: readonly Pick<Message, 'created_at'>[] | undefined): string | undefined {
  let newest: string | undefined;
  for (const m of messages ?? []) if (newest === undefined || Date.parse(m.created_at) > Date.parse(newest)) newest = m.created_at;
  return newest;
}
