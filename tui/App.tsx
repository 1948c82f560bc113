// The terminal UI's root: the UiStore and the KeyRouter (the one stdin subscriber, input/KeyInput.tsx),
// the data hooks, the Ui context for views, and the layout. Data lives in hooks/; the view, focus,
// overlays, sidebar selection, mention notice and status line in state/ui-store.ts (AppLayout reads
// them there, App hands it only the data); keys in app-keymap.ts, drawing in components/AppLayout.tsx.
import { useEffect, useMemo, useRef } from 'react';
import type { Client, Identity } from '../shared/index';
import type { NotificationSetting } from '../term/notify';
import { AppLayout } from './AppLayout';
import { KeyInput } from './input/KeyInput';
import { isReconnecting } from './state/status-line';
import { selectKeyboardTaken, selectOpenChannelId, UiStore } from './state/ui-store';
import { useUiRoot, useUiSelector } from './state/use-ui-store';
import { useAppKeys } from './hooks/use-app-keys';
import { useMouse } from './hooks/use-mouse';
import { useCacheCatchUp } from './hooks/use-cache-catch-up';
import { useChannels } from './hooks/use-channels';
import { useInbox } from './hooks/use-inbox';
import { useLiveFeed } from './hooks/use-live-feed';
import { useNavigation } from './hooks/use-navigation';
import { useSidebar } from './hooks/use-sidebar';
import { cachedAt, useStatus } from './hooks/use-status';
import { useSuspend } from './hooks/use-suspend';
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
  /** How an inbox arrival is announced while the terminal is not focused (tui.toml's `notifications`). */
  notifications?: NotificationSetting;
  /** What was wrong in tui.toml: said on the status line once the UI is up. */
  configProblems?: readonly string[];
}

export function App(props: AppProps) {
  const store = useMemo(() => new UiStore(props.initialView, cachedAt(props.client)), []);
  return (
    <KeyInput store={store}>
      <AppBody {...props} />
    </KeyInput>
  );
}

function AppBody(props: AppProps) {
  const { store } = useUiRoot();
  const status = useStatus(props.client);
  const nav = useNavigation();
  const withTerminalSuspended = useSuspend(props.suspendTerminal);
  const keyboardTaken = useUiSelector(selectKeyboardTaken);
  const reconnecting = useUiSelector((s) => isReconnecting(s.status));
  const lost = useUiSelector((s) => s.status.lost);
  const openChannelId = useUiSelector(selectOpenChannelId);
  const live = useMemo(() => new LiveBus(), [props.client]);
  const inbox = useInbox({ client: props.client, me: props.me, live, notifications: props.notifications ?? 'desktop', onError: status.showError });
  const feed = useLiveFeed({
    client: props.client,
    me: props.me,
    live,
    doorbell: props.doorbell,
    persistCursor: props.persistCursor,
    onUnauthorized: status.askRelogin,
    onError: status.showError,
    onNewMention: inbox.ingest,
  });
  useCacheCatchUp(props.client, live, lost);
  const channels = useChannels(props.client, live, status.showError, status.connectionOk);
  const sidebar = useSidebar(channels, feed.mentions, props.state, openChannelId, props.me, inbox.unread);
  // An error belongs to the view it happened in; the next view starts with a clean status line.
  const { viewChanged } = status;
  const firstView = useRef(true);
  useEffect(() => {
    if (firstView.current) firstView.current = false;
    else viewChanged();
  }, [nav.view, viewChanged]);
  // The mention notice leaves once its mention is looked at: the inbox, or its channel or thread.
  const notice = useUiSelector((s) => s.notice);
  const inInbox = nav.view.kind === 'mentions';
  useEffect(() => {
    if (notice && (inInbox || openChannelId === notice.channel_id)) store.setNotice(null);
  }, [notice, inInbox, openChannelId, store]);
  const { configProblems } = props;
  const { info } = status;
  useEffect(() => {
    if (configProblems && configProblems.length > 0) info(configProblems.join(' · '), { sticky: true });
  }, [configProblems, info]);

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
    offline: reconnecting,
    openPrompt: (spec) => store.openOverlay({ kind: 'prompt', spec }),
    openPicker: (spec) => store.openOverlay({ kind: 'picker', spec: spec as PickerSpec<unknown> }),
    withTerminalSuspended,
    keyboardTaken,
  };

  useAppKeys({
    sidebar,
    status,
    reconnect: props.reconnect,
    retryNow: () => {
      feed.retryNow();
      live.cue('reconnected');
    },
  });
  useMouse(sidebar);

  return (
    <UiContext.Provider value={ui}>
      <AppLayout sourceLabel={props.sourceLabel} sidebarItems={sidebar.items} sidebarSelected={sidebar.selected} channels={channels} mentions={feed.mentions} />
    </UiContext.Provider>
  );
}
