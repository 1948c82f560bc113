// Recent: conversations ordered by last activity (recent-rows.ts), newest first; Enter opens one.
import { useMemo } from 'react';
import { cacheOf, type Channel } from '../../shared/index';
import { roomIcon, roomLabel, safeLine, shortTime } from '../format';
import { useUi } from '../ui-context';
import { ListPane } from '../components/ListPane';
import { useListView } from '../hooks/use-list-view';
import { newestCreatedAt, recentRows } from './recent-rows';

export interface RecentViewProps {
  channels: Channel[];
  width: number;
  height: number;
  focused: boolean;
}

export function RecentView(props: RecentViewProps) {
  const ui = useUi();
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
  // Keyed by the room: activity reorders the list under the selection.
  const list = useListView({ place: props, rows, keyOf: (row) => row.channel.id, open: (row) => ui.navigate({ kind: 'channel', channelId: row.channel.id }) });
  return (
    <ListPane
      list={list}
      heading={safeLine(`Recent (${rows.length}) · newest activity first · Enter opens`)}
      empty="No conversations yet."
      render={(r) => safeLine(`${(r.lastAt ? shortTime(r.lastAt) : 'no messages').padEnd(12)} ${roomIcon(r.channel)} ${roomLabel(r.channel, ui.me)}${r.from === 'kept' ? ' (kept copy)' : ''}`)}
    />
  );
}
