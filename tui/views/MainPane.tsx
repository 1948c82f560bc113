// The views' router: picks the view the UiStore's current view names, for the main pane.
import { Text } from 'ink';
import type { Channel, MentionRow } from '../../shared/index';
import { ConversationView } from './ConversationView';
import { DocsView } from './DocsView';
import { DocView } from './DocView';
import { InboxView } from './InboxView';
import { MentionsView } from './MentionsView';
import { RecentView } from './RecentView';
import { PaletteView } from './PaletteView';
import { RunView } from './RunView';
import { RunEventView } from './RunEventView';
import { TaskView } from './TaskView';
import { SearchView } from './SearchView';
import { TasksView } from './TasksView';
import { useUiRoot, useUiSelector } from '../state/use-ui-store';
import { textRow } from '../format';
import { welcomeLines } from './welcome-text';

export interface MainPaneProps {
  channels: Channel[];
  mentions: MentionRow[];
  width: number;
  height: number;
}

export function MainPane(props: MainPaneProps) {
  const { width, height } = props;
  const { store } = useUiRoot();
  const view = useUiSelector((s) => s.view);
  const storeFocus = useUiSelector((s) => s.focus);
  const focus = storeFocus === 'sidebar' ? 'other' : storeFocus;
  const listFocus = focus === 'main';
  const setFocus = store.setFocus;
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
          focus={focus}
          setFocus={setFocus}
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
          focus={focus}
          setFocus={setFocus}
        />
      );
    case 'mentions':
      return <MentionsView mentions={props.mentions} channels={props.channels} width={width} height={height} focused={listFocus} />;
    case 'recent':
      return <RecentView channels={props.channels} width={width} height={height} focused={listFocus} />;
    case 'inbox':
      return <InboxView width={width} height={height} focused={listFocus} />;
    case 'tasks':
      return <TasksView channels={props.channels} keep={view.keep} width={width} height={height} focused={listFocus} />;
    case 'docs':
      return <DocsView key={`d:${view.folderId ?? ''}`} folderId={view.folderId ?? null} width={width} height={height} focused={listFocus} />;
    case 'doc':
      return <DocView key={`doc:${view.id}`} id={view.id} width={width} height={height} focused={listFocus} />;
    case 'run':
      return <RunView key={`r:${view.runId}`} runId={view.runId} {...(view.thread ? { thread: view.thread } : {})} width={width} height={height} focused={listFocus} />;
    case 'run-event':
      return <RunEventView key={`e:${view.runId}:${view.event.seq}`} runId={view.runId} event={view.event} {...(view.thread ? { thread: view.thread } : {})} width={width} height={height} focused={listFocus} />;
    case 'task':
      return <TaskView key={`task:${view.taskId}`} taskId={view.taskId} width={width} height={height} focused={listFocus} />;
    case 'search':
      return <SearchView key={`s:${view.query}`} query={view.query} channels={props.channels} width={width} height={height} focused={listFocus} />;
    case 'palette':
      return <PaletteView width={width} height={height} focused={listFocus} />;
    case 'welcome':
      return (
        <>
          {welcomeLines(width).map((line, i) => (
            <Text key={i} wrap="truncate">
              {textRow(line)}
            </Text>
          ))}
        </>
      );
  }
}
