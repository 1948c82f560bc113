// Search results (newest first), or the message a pasted link points to. Enter opens a hit in its
// thread (a top-level hit opens as the root of its own thread).
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys';
import { useEffect } from 'react';
import { useUiState } from '../state/use-ui-store';
import { listKeyAction } from '../keys/list-key-map';
import type { Channel, Message } from '../../shared/index';
import { clip, roomLabel, safeLine, shortTime } from '../format';
import { messagePlace } from '../message-place';
import { useUi } from '../ui-context';
import { WindowedList } from '../components/WindowedList';
import { moveSelection } from '../windowing';

export interface SearchViewProps {
  query: string;
  channels: Channel[];
  width: number;
  height: number;
  focused: boolean;
}

export function SearchView(props: SearchViewProps) {
  const ui = useUi();
  const [hits, setHits] = useUiState<Message[] | null>(null);
  const [selected, setSelected] = useUiState(0);
  const isLink = /^https?:\/\//i.test(props.query);

  useEffect(() => {
    let alive = true;
    void (async () => {
      try {
        if (isLink) {
          const r = await ui.client.messageLink(props.query);
          if (!alive) return;
          // The link view only resolves: the message takes its place, so Esc goes back past it.
          if (r.message || r.root) {
            const m = (r.message ?? r.root) as Message;
            const rootId = r.root && r.root.id !== m.id ? r.root.id : (m.parent_id ?? null);
            ui.replace(messagePlace({ id: m.id, channel_id: r.channel.id, parent_id: rootId }));
          } else ui.replace({ kind: 'channel', channelId: r.channel.id });
          return;
        }
        if (props.query.length < 2) {
          ui.showError(new Error('A search needs at least 2 characters.'));
          setHits([]);
          return;
        }
        const list = await ui.client.search({ q: props.query, limit: 100 });
        if (alive) setHits(list);
        ui.connectionOk();
      } catch (error) {
        if (alive) {
          ui.showError(error, isLink ? 'open the link' : 'search');
          setHits([]);
        }
      }
    })();
    return () => {
      alive = false;
    };
  }, [props.query]);

  const list = hits ?? [];
  useKeys(
    (input, key) => {
      const action = listKeyAction(input, key);
      if (action?.kind === 'move') setSelected((s) => moveSelection(s, action.by, list.length));
      else if (action?.kind === 'open') {
        const hit = list[selected];
        if (hit) ui.navigate(messagePlace(hit));
      }
      return action !== null;
    },
    { isActive: props.focused && !ui.keyboardTaken },
  );
  const name = (id: string) => roomLabel(props.channels.find((x) => x.id === id), ui.me);
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text bold={ui.color} wrap="truncate">
        {clip(safeLine(hits === null ? `Searching “${safeLine(props.query)}”…` : `${list.length} hits for “${safeLine(props.query)}” · Enter opens`), props.width)}
      </Text>
      <WindowedList
        items={list}
        selected={selected}
        height={props.height - 1}
        width={props.width}
        focused={props.focused}
        color={ui.color}
        empty={hits === null ? '' : 'No message matches.'}
        render={(m) => safeLine(`${shortTime(m.created_at)} ${name(m.channel_id)} ${m.author.name}: ${m.body.replace(/\s+/g, ' ')}`)}
      />
    </Box>
  );
}
