// Recent: conversations ordered by last activity (recent-rows.ts), newest first; Enter opens one.
import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { cacheOf, type Channel } from '../../shared/index';
import { useKeys } from '../hooks/use-keys';
import { useUiState } from '../state/use-ui-store';
import { listKeyAction } from '../keys/list-key-map';
import { clip, roomIcon, roomLabel, safeLine, shortTime } from '../format';
import { useUi } from '../ui-context';
import { WindowedList } from '../components/WindowedList';
import { moveSelection } from '../windowing';
import { newestCreatedAt, recentRows } from './recent-rows';

export interface RecentViewProps {
  channels: Channel[];
  width: number;
  height: number;
  focused: boolean;
}

export function RecentView(props: RecentViewProps) {
  const ui = useUi();
  const [selected, setSelected] = useUiState(0);
  const rows = useMemo(() => {
    const kept = (id: string) => {
      try {
        return newestCreatedAt(cacheOf(ui.client)?.messages({ channel: id })?.value);
      } catch {
        // No offline store on this machine (or it cannot be read): the room comes last.
        return undefined;
      }
    };
    return recentRows(props.channels, kept);
  }, [props.channels, ui.client]);
  const count = rows.length;
  useKeys(
    (input, key) => {
      const action = listKeyAction(input, key);
      if (action?.kind === 'move') setSelected((s) => moveSelection(s, action.by, count));
      else if (action?.kind === 'open') {
        const row = rows[selected];
        if (row) ui.navigate({ kind: 'channel', channelId: row.channel.id });
      }
      return action !== null;
    },
    { isActive: props.focused && !ui.keyboardTaken },
  );
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text bold={ui.color} wrap="truncate">
        {clip(safeLine(`Recent (${count}) · newest activity first · Enter opens`), props.width)}
      </Text>
      <WindowedList
        items={rows}
        selected={selected}
        height={props.height - 1}
        width={props.width}
        focused={props.focused}
        color={ui.color}
        empty="No conversations yet."
        onPick={(i) => setSelected(() => i)}
        render={(r) => safeLine(`${(r.lastAt ? shortTime(r.lastAt) : 'no messages').padEnd(12)} ${roomIcon(r.channel)} ${roomLabel(r.channel, ui.me)}${r.from === 'kept' ? ' (kept copy)' : ''}`)}
      />
    </Box>
  );
}
