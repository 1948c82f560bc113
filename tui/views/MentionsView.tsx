// The mentions inbox: what addresses me, newest first, live from the mention feed.
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys';
import { useUiState } from '../state/use-ui-store';
import { listKeyAction } from '../keys/list-key-map';
import type { Channel, MentionRow } from '../../shared/index';
import { clip, roomLabel, safeLine, shortTime } from '../format';
import { messagePlace } from '../message-place';
import { useUi } from '../ui-context';
import { WindowedList } from '../components/WindowedList';
import { moveSelection } from '../windowing';

export interface MentionsViewProps {
  mentions: MentionRow[];
  channels: Channel[];
  width: number;
  height: number;
  focused: boolean;
}

export function MentionsView(props: MentionsViewProps) {
  const ui = useUi();
  const [selected, setSelected] = useUiState(0);
  const count = props.mentions.length;
  useKeys(
    (input, key) => {
      const action = listKeyAction(input, key);
      if (action?.kind === 'move') setSelected((s) => moveSelection(s, action.by, count));
      else if (action?.kind === 'open') {
        const row = props.mentions[selected];
        if (row) ui.navigate(messagePlace(row));
      }
      return action !== null;
    },
    { isActive: props.focused && !ui.keyboardTaken },
  );
  const name = (id: string) => roomLabel(props.channels.find((x) => x.id === id), ui.me);
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text bold={ui.color} wrap="truncate">
        {clip(safeLine(`Mentions (${count}) · ${ui.offline ? 'saved copy (offline)' : 'live'} · Enter opens the thread`), props.width)}
      </Text>
      <WindowedList
        items={props.mentions}
        selected={selected}
        height={props.height - 1}
        width={props.width}
        focused={props.focused}
        color={ui.color}
        empty="Nothing addresses you yet."
        onPick={(i) => setSelected(() => i)}
        render={(r) => safeLine(`${shortTime(r.created_at)} ${r.reason === 'dm' ? 'DM' : '@'} ${r.author.name} in ${name(r.channel_id)}: ${r.body.replace(/\s+/g, ' ')}`)}
      />
    </Box>
  );
}
