// The sidebar's rows and selection (the UiStore's sidebarKey): places, then channels with their unread dot (last_message_at
// against what was seen) and @ (a mention there newer than what was seen); the open channel has neither.
// The selection is held by row identity, not position, so a channel created or deleted elsewhere
// (or through the palette) does not move it onto another row.
import { useCallback, useRef } from 'react';
import { useUiRoot, useUiSelector } from '../state/use-ui-store';
import { compareTimestamps, type Channel, type MentionRow, type RoomReader } from '../../shared/index';
import { FIRST_CHANNEL_ROW, sidebarItems, sidebarRowWithin, type SidebarItem } from '../rows/sidebar-rows';
import type { LocalState } from '../local-state';

export interface SidebarState {
  items: SidebarItem[];
  selected: number;
  setSelected(update: (selected: number) => number): void;
}

export function sidebarItemKey(item: SidebarItem): string {
  return item.kind === 'place' ? `place:${item.place}` : `channel:${item.channel.id}`;
}

export function useSidebar(channels: readonly Channel[], mentions: readonly MentionRow[], state: LocalState, openChannelId: string | null, selfName?: RoomReader, inboxUnread = 0): SidebarState {
  const { store } = useUiRoot();
  const selectedKey = useUiSelector((s) => s.sidebarKey);
  // Where the selection was last put: a deleted row leaves the selection at the same height, and
  // before the channels arrive the first channel's row is kept, not clamped to the places.
  const preferred = useRef(FIRST_CHANNEL_ROW);
  const shown = useRef(FIRST_CHANNEL_ROW);
  const items = sidebarItems(
    channels,
    (c) => c.id !== openChannelId && state.isUnread(c.id, c.last_message_at),
    (c) => {
      const seen = state.lastSeen(c.id);
      return c.id !== openChannelId && mentions.some((m) => m.channel_id === c.id && (seen === undefined || compareTimestamps(m.created_at, seen) > 0));
    },
    mentions.length,
    selfName,
    inboxUnread,
  );
  const found = selectedKey === null ? -1 : items.findIndex((item) => sidebarItemKey(item) === selectedKey);
  if (found >= 0) preferred.current = found;
  const selected = found >= 0 ? found : sidebarRowWithin(preferred.current, items.length);
  shown.current = selected;
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const setSelected = useCallback((update: (selected: number) => number) => {
    const next = update(shown.current);
    preferred.current = next;
    shown.current = next;
    const item = itemsRef.current[next];
    store.selectSidebarRow(item ? sidebarItemKey(item) : null);
  }, [store]);
  return { items, selected, setSelected };
}
