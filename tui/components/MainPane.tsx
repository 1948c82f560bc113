// Picks the view shown in the main pane.
import { Text } from 'ink';
import type { Channel, MentionRow } from '../../shared/index';
import { ConversationView } from '../views/ConversationView';
import { DocsView } from '../views/DocsView';
import { DocView } from '../views/DocView';
import { MentionsView } from '../views/MentionsView';
import { PaletteView } from '../views/PaletteView';
import { RunView } from '../views/RunView';
import { RunEventView } from '../views/RunEventView';
import { TaskView } from '../views/TaskView';
import { SearchView } from '../views/SearchView';
import { TasksView } from '../views/TasksView';
import type { View } from '../ui-context';

export interface MainPaneProps {
  view: View;
  channels: Channel[];
  mentions: MentionRow[];
  width: number;
  height: number;
  focus: 'main' | 'compose' | 'other';
  setFocus(focus: 'main' | 'compose'): void;
}

export function MainPane(props: MainPaneProps) {
  const { view, width, height } = props;
  const listFocus = props.focus === 'main';
  switch (view.kind) {
    case 'channel':
      return (
        <ConversationView
          key={`c:${view.channelId}`}
          target={{ kind: 'channel', channelId: view.channelId }}
          channel={props.channels.find((c) => c.id === view.channelId)}
          focusMessageId={view.focusMessageId}
          width={width}
          height={height}
          focus={props.focus}
          setFocus={props.setFocus}
        />
      );
    case 'thread':
      return (
        <ConversationView
          key={`t:${view.rootId}`}
          target={{ kind: 'thread', channelId: view.channelId, rootId: view.rootId }}
          channel={props.channels.find((c) => c.id === view.channelId)}
          focusMessageId={view.focusMessageId}
          width={width}
          height={height}
          focus={props.focus}
          setFocus={props.setFocus}
        />
      );
    case 'mentions':
      return <MentionsView mentions={props.mentions} channels={props.channels} width={width} height={height} focused={listFocus} />;
    case 'tasks':
      return <TasksView channels={props.channels} keep={view.keep} width={width} height={height} focused={listFocus} />;
    case 'docs':
      return <DocsView key={`d:${view.folderId ?? ''}`} folderId={view.folderId ?? null} width={width} height={height} focused={listFocus} />;
    case 'doc':
      return <DocView key={`doc:${view.id}`} id={view.id} width={width} height={height} focused={listFocus} />;
    case 'run':
      return <RunView key={`r:${view.runId}`} runId={view.runId} width={width} height={height} focused={listFocus} />;
    case 'run-event':
      return <RunEventView key={`e:${view.runId}:${view.event.seq}`} runId={view.runId} event={view.event} width={width} height={height} focused={listFocus} />;
    case 'task':
      return <TaskView key={`task:${view.taskId}`} taskId={view.taskId} width={width} height={height} focused={listFocus} />;
    case 'search':
      return <SearchView key={`s:${view.query}`} query={view.query} channels={props.channels} width={width} height={height} focused={listFocus} />;
    case 'palette':
      return <PaletteView width={width} height={height} focused={listFocus} />;
    case 'welcome':
      return (
        <>
          <Text wrap="truncate">Pick a channel on the left (j/k, Enter).</Text>
          <Text wrap="truncate">? lists every key · / searches · : opens the command palette.</Text>
        </>
      );
  }
}
