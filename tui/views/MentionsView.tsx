// The mentions inbox: what addresses me, newest first, live from the mention feed.
import type { Channel, MentionRow } from '../../shared/index';
import { roomLabel, safeLine, shortTime } from '../format';
import { messagePlace } from '../message-place';
import { useUi } from '../ui-context';
import { ListPane } from '../components/ListPane';
import { useListView } from '../hooks/use-list-view';

export interface MentionsViewProps {
  mentions: MentionRow[];
  channels: Channel[];
  width: number;
  height: number;
  focused: boolean;
}

export function MentionsView(props: MentionsViewProps) {
  const ui = useUi();
  // Keyed by the message: a mention arriving on top leaves the selection on the one chosen.
  const list = useListView({ place: props, rows: props.mentions, keyOf: (row) => row.id, open: (row) => ui.navigate(messagePlace(row)) });
  const name = (id: string) => roomLabel(props.channels.find((x) => x.id === id), ui.me);
  return (
    <ListPane
      list={list}
      heading={safeLine(`Mentions (${props.mentions.length}) · ${ui.offline ? 'saved copy (offline)' : 'live'} · Enter opens the thread`)}
      empty="Nothing addresses you yet."
      render={(r) => safeLine(`${shortTime(r.created_at)} ${r.reason === 'dm' ? 'DM' : '@'} ${r.author.name} in ${name(r.channel_id)}: ${r.body.replace(/\s+/g, ' ')}`)}
    />
  );
}
