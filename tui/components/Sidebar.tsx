// The left pane: the places (mentions, tasks, docs) and then channels and DMs with their room
// icons, an unread dot and an @ when something there addresses you.
import { Box, Text } from 'ink';
import { roomName, type Channel, type RoomReader } from '../../shared/index';
import { roomIcon, safeLine } from '../format';
import { WindowedList } from './WindowedList';

export type SidebarItem =
  | { kind: 'place'; place: 'mentions' | 'tasks' | 'docs'; label: string }
  | { kind: 'channel'; channel: Channel; unread: boolean; mentioned: boolean; name: string };

/** `selfName`: the reader (name and handle), left out of DM names (they list every member). */
export function sidebarItems(channels: readonly Channel[], unread: (c: Channel) => boolean, mentioned: (c: Channel) => boolean, mentionCount: number, selfName?: RoomReader): SidebarItem[] {
  const places: SidebarItem[] = [
    { kind: 'place', place: 'mentions', label: `✉ Mentions${mentionCount > 0 ? ` (${mentionCount})` : ''}` },
    { kind: 'place', place: 'tasks', label: '☐ Tasks' },
    { kind: 'place', place: 'docs', label: '▤ Docs' },
  ];
  const rooms = [...channels.filter((c) => c.kind !== 'dm'), ...channels.filter((c) => c.kind === 'dm')];
  return [...places, ...rooms.map((channel): SidebarItem => ({ kind: 'channel', channel, unread: unread(channel), mentioned: mentioned(channel), name: roomName(channel, selfName) }))];
}

export function sidebarLabel(item: SidebarItem): string {
  if (item.kind === 'place') return item.label;
  const marks = `${item.mentioned ? '@' : ' '}${item.unread ? '•' : ' '}`;
  return `${marks}${roomIcon(item.channel)} ${safeLine(item.name)}`;
}

export interface SidebarProps {
  items: SidebarItem[];
  selected: number;
  /** The room open in the main pane, marked even when the selection is elsewhere. */
  openId: string | null;
  focused: boolean;
  width: number;
  height: number;
  color?: boolean;
}

export function Sidebar(props: SidebarProps) {
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text bold={props.color !== false} wrap="truncate">
        {safeLine(props.focused ? '▌Workspace' : ' Workspace')}
      </Text>
      <WindowedList
        items={props.items}
        selected={props.selected}
        height={props.height - 1}
        width={props.width}
        focused={props.focused}
        color={props.color}
        render={(item) => safeLine(sidebarLabel(item) + (item.kind === 'channel' && item.channel.id === props.openId ? ' ◂' : ''))}
      />
    </Box>
  );
}
