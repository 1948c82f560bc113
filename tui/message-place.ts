// Where a message found elsewhere (a search hit, a mention, a pasted link) opens: a top-level
// message in its channel, selected among its neighbours; a reply in its thread, selected there.
import type { View } from './ui-context';

export interface PlacedMessage {
  id: string;
  channel_id: string;
  parent_id: string | null;
}

export function messagePlace(m: PlacedMessage): View {
  return m.parent_id
    ? { kind: 'thread', channelId: m.channel_id, rootId: m.parent_id, focusMessageId: m.id }
    : { kind: 'channel', channelId: m.channel_id, focusMessageId: m.id };
}
