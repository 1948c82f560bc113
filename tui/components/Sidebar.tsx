// The left pane: the places and the rooms (their rows' text: sidebar-rows.ts), a window of them
// around the selection.
import { Box, Text } from 'ink';
import { safeLine } from '../format';
import { sidebarHeading, sidebarRowText, type SidebarItem } from '../rows/sidebar-rows';
import { WindowedList } from './WindowedList';

export { sidebarItems, sidebarLabel, type SidebarItem } from '../rows/sidebar-rows';

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
        {safeLine(sidebarHeading(props.focused))}
      </Text>
      <WindowedList
        items={props.items}
        selected={props.selected}
        height={props.height - 1}
        width={props.width}
        focused={props.focused}
        color={props.color}
        render={(item) => sidebarRowText(item, props.openId)}
      />
    </Box>
  );
}
