// The sidebar's rows and selection: places, then channels with their unread dot (last_message_at
// against what was seen) and @ (a mention there newer than what was seen); the open channel has neither.
import { useState } from 'react';
import { compareTimestamps, type Channel, type MentionRow } from '../../shared/index';
import { sidebarItems, type SidebarItem } from '../components/Sidebar';
import type { LocalState } from '../local-state';

/** The first channel: below the three places. */
const FIRST_CHANNEL_ROW = 3;

export interface SidebarState {
  items: SidebarItem[];
  selected: number;
  setSelected(update: (selected: number) => number): void;
}

export function useSidebar(channels: readonly Channel[], mentions: readonly MentionRow[], state: LocalState, openChannelId: string | null): SidebarState {
  const [selected, setSelected] = useState(FIRST_CHANNEL_ROW);
  const items = sidebarItems(
    channels,
    (c) => c.id !== openChannelId && state.isUnread(c.id, c.last_message_at),
    (c) => {
      const seen = state.lastSeen(c.id);
      return c.id !== openChannelId && mentions.some((m) => m.channel_id === c.id && (seen === undefined || compareTimestamps(m.created_at, seen) > 0));
    },
    mentions.length,
  );
  return { items, selected, setSelected };
}
