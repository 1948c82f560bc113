// The sidebar's rows as text (Sidebar draws them; the saved first frame is painted with them before
// the UI loads): the places (inbox with its unread count, mentions, tasks, docs, recent) and then channels and DMs with their room
// icons, an unread dot and an @ when something there addresses you.
import { roomName, type Channel, type RoomReader } from '../../shared/prepaint';
import { roomIcon, safeLine, type SafeText } from '../terminal-text';

export type SidebarItem =
  | { kind: 'place'; place: 'inbox' | 'mentions' | 'tasks' | 'docs' | 'recent'; label: string }
  | { kind: 'channel'; channel: Channel; unread: boolean; mentioned: boolean; name: string };

/** The first channel's row: below the five places (where the selection starts). */
export const FIRST_CHANNEL_ROW = 5;

/** The selected row while no row was chosen (or the chosen one is gone): `preferred`, kept within the list. */
export function sidebarRowWithin(preferred: number, count: number): number {
  return Math.max(0, Math.min(preferred, count - 1));
}

/** `selfName`: the reader (name and handle), left out of DM names (they list every member). */
export function sidebarItems(channels: readonly Channel[], unread: (c: Channel) => boolean, mentioned: (c: Channel) => boolean, mentionCount: number, selfName?: RoomReader, inboxUnread = 0): SidebarItem[] {
  const places: SidebarItem[] = [
    { kind: 'place', place: 'inbox', label: `◉ Inbox${inboxUnread > 0 ? ` (${inboxUnread})` : ''}` },
    { kind: 'place', place: 'mentions', label: `✉ Mentions${mentionCount > 0 ? ` (${mentionCount})` : ''}` },
    { kind: 'place', place: 'tasks', label: '☐ Tasks' },
    { kind: 'place', place: 'docs', label: '▤ Docs' },
    { kind: 'place', place: 'recent', label: '◷ Recent' },
  ];
  const rooms = [...channels.filter((c) => c.kind !== 'dm'), ...channels.filter((c) => c.kind === 'dm')];
  return [...places, ...rooms.map((channel): SidebarItem => ({ kind: 'channel', channel, unread: unread(channel), mentioned: mentioned(channel), name: roomName(channel, selfName) }))];
}

export function sidebarLabel(item: SidebarItem): string {
  if (item.kind === 'place') return item.label;
  const marks = `${item.mentioned ? '@' : ' '}${item.unread ? '•' : ' '}`;
  return `${marks}${roomIcon(item.channel)} ${safeLine(item.name)}`;
}

/** A row's text; `openId`: the room open in the main pane, marked even when the selection is elsewhere. */
export function sidebarRowText(item: SidebarItem, openId: string | null): SafeText {
  return safeLine(sidebarLabel(item) + (item.kind === 'channel' && item.channel.id === openId ? ' ◂' : ''));
}

export function sidebarHeading(focused: boolean): SafeText {
  return safeLine(focused ? '▌Workspace' : ' Workspace');
}
