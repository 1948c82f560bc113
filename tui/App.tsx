// The terminal UI's root: the UiStore and the KeyRouter (the one stdin subscriber, input/KeyInput.tsx),
// state from the hooks, the Ui context for views, and the layout. Data lives in hooks/, the view,
// focus and overlays in state/ui-store.ts, keys in app-keymap.ts, drawing in components/AppLayout.tsx.
import { useEffect, useMemo, useRef } from 'react';
import type { Client, Identity } from '../shared/index';
import { AppLayout } from './components/AppLayout';
import { KeyInput } from './input/KeyInput';
import { UiStore } from './state/ui-store';
import { useUiRoot, useUiSelector } from './state/use-ui-store';
import { useAppKeys } from './hooks/use-app-keys';
import { useCacheCatchUp } from './hooks/use-cache-catch-up';
import { useChannels } from './hooks/use-channels';
import { useLiveFeed } from './hooks/use-live-feed';
import { useNavigation } from './hooks/use-navigation';
import { useSidebar } from './hooks/use-sidebar';
import { useStatus } from './hooks/use-status';
import { useSuspend } from './hooks/use-suspend';
import { useTerminalSize } from './hooks/use-terminal-size';
import { LiveBus } from './live-bus';
import type { LocalState } from './local-state';
import { UiContext, type PickerSpec, type Ui, type View } from './ui-context';

export interface AppProps {
  client: Client;
  me: Identity;
  sourceLabel: string;
  state: LocalState;
  color: boolean;
  /** Gives the terminal to a child process and takes it back (run.ts knows the alternate screen). */
  suspendTerminal?<T>(fn: () => Promise<T>): Promise<T>;
  /** After a 401: resolve the connection again (after `wsc login`); null when still none. */
  reconnect?(): Promise<boolean>;
  doorbell?: boolean;
  persistCursor?: boolean;
  cwd?: string;
  initialView?: View;
}

export function App(props: AppProps) {
  const store = useMemo(() => new UiStore(props.initialView), []);
  return (
    <KeyInput store={store}>
      <AppBody {...props} />
    </KeyInput>
  );
}

function AppBody(props: AppProps) {
  const { columns, rows } = useTerminalSize();
  const { store } = useUiRoot();
  const status = useStatus(props.client);
  const nav = useNavigation();
  const { suspended, withTerminalSuspended } = useSuspend(props.suspendTerminal);
  const overlay = useUiSelector((s) => s.overlay);
  const zoomed = useUiSelector((s) => s.zoomed);
  const live = useMemo(() => new LiveBus(), [props.client]);
  const feed = useLiveFeed({
    client: props.client,
    me: props.me,
    live,
    doorbell: props.doorbell,
    persistCursor: props.persistCursor,
    onUnauthorized: status.askRelogin,
    onError: status.showError,
  });
  useCacheCatchUp(props.client, live, status.lost);
  const channels = useChannels(props.client, live, status.showError, status.connectionOk);
  const openChannelId = nav.view.kind === 'channel' || nav.view.kind === 'thread' ? nav.view.channelId : null;
  const sidebar = useSidebar(channels, feed.mentions, props.state, openChannelId, props.me);
  // The mention notice leaves once its mention is looked at: the inbox, or its channel or thread.
  const { notice, dismissNotice } = feed;
  const inInbox = nav.view.kind === 'mentions';
  // An error belongs to the view it happened in; the next view starts with a clean status line.
  const { viewChanged } = status;
  const firstView = useRef(true);
  useEffect(() => {
    if (firstView.current) firstView.current = false;
    else viewChanged();
  }, [nav.view, viewChanged]);
  useEffect(() => {
    if (notice && (inInbox || openChannelId === notice.channel_id)) dismissNotice();
  }, [notice, inInbox, openChannelId, dismissNotice]);
  const keyboardTaken = overlay !== null || suspended || status.relogin;
  const composeCompleting = useRef(false);

  const ui: Ui = {
    client: props.client,
    me: props.me,
    color: props.color,
    state: props.state,
    live,
    cwd: props.cwd ?? process.cwd(),
    navigate: nav.navigate,
    replace: nav.replace,
    back: nav.back,
    info: status.info,
    showError: status.showError,
    connectionOk: status.connectionOk,
    offline: status.lost || feed.reconnecting,
    openPrompt: (spec) => store.openOverlay({ kind: 'prompt', spec }),
    openPicker: (spec) => store.openOverlay({ kind: 'picker', spec: spec as PickerSpec<unknown> }),
    withTerminalSuspended,
    keyboardTaken,
    composeCompleting,
  };

  useAppKeys({
    nav,
    sidebar,
    status,
    openHelp: () => store.openOverlay({ kind: 'help' }),
    openPrompt: ui.openPrompt,
    composeCompleting,
    keyboardTaken,
    suspended,
    reconnect: props.reconnect,
    reconnecting: status.lost || feed.reconnecting,
    retryNow: () => {
      feed.retryNow();
      live.cue('reconnected');
    },
    zoomed,
    toggleZoom: store.toggleZoom,
  });

  return (
    <UiContext.Provider value={ui}>
      <AppLayout
        sourceLabel={props.sourceLabel}
        columns={columns}
        rows={rows}
        keyboardTaken={keyboardTaken}
        relogin={status.relogin}
        sidebarItems={sidebar.items}
        sidebarSelected={sidebar.selected}
        openChannelId={openChannelId}
        channels={channels}
        mentions={feed.mentions}
        notice={feed.notice}
        status={status.status}
        reconnecting={status.lost || feed.reconnecting}
        savedAt={status.savedCopyAt}
      />
    </UiContext.Provider>
  );
}
