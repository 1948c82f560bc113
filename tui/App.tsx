// The whole-screen layout: header, mention notice, sidebar | main pane, status line, and the
// overlays (help, prompt, picker, re-login). Views own their data; this file only routes keys,
// focus and navigation.
import { Box, Text, useApp } from 'ink';
import { useKeys } from './hooks/use-keys';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { compareTimestamps, type Client, type Identity } from '../shared/index';
import { describeError, isConnectionLoss, isUnauthorized } from './format';
import { Header } from './components/Header';
import { HelpOverlay } from './components/HelpOverlay';
import { LiveBus } from './live-bus';
import type { LocalState } from './local-state';
import { MainPane } from './components/MainPane';
import { MentionNotice } from './components/MentionNotice';
import { Picker } from './components/Picker';
import { Prompt } from './components/Prompt';
import { Sidebar, sidebarItems } from './components/Sidebar';
import { StatusLine, type StatusMessage } from './components/StatusLine';
import { UiContext, type PickerSpec, type PromptSpec, type Ui, type View } from './ui-context';
import { useChannels } from './hooks/use-channels';
import { useLiveFeed } from './hooks/use-live-feed';
import { useTerminalSize } from './hooks/use-terminal-size';
import { moveSelection } from './components/WindowedList';

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

type Overlay = { kind: 'help' } | { kind: 'prompt'; spec: PromptSpec } | { kind: 'picker'; spec: PickerSpec<unknown> } | null;
export type Focus = 'sidebar' | 'main' | 'compose';

export function App(props: AppProps) {
  const { exit } = useApp();
  const { columns, rows } = useTerminalSize();
  const live = useMemo(() => new LiveBus(), [props.client]);
  const [view, setView] = useState<View>(props.initialView ?? { kind: 'welcome' });
  const history = useRef<View[]>([]);
  const [focus, setFocus] = useState<Focus>('sidebar');
  const [overlay, setOverlay] = useState<Overlay>(null);
  const [status, setStatus] = useState<StatusMessage | null>(null);
  const [lost, setLost] = useState(false);
  const [relogin, setRelogin] = useState(false);
  const [suspended, setSuspended] = useState(false);
  const [sidebarSel, setSidebarSel] = useState(3);

  useEffect(() => setRelogin(false), [props.client]);
  const info = useCallback((text: string) => setStatus({ kind: 'info', text }), []);
  const connectionOk = useCallback(() => setLost(false), []);
  const showError = useCallback((error: unknown, doing?: string) => {
    if (isUnauthorized(error)) setRelogin(true);
    if (isConnectionLoss(error)) setLost(true);
    const d = describeError(error);
    setStatus({ kind: 'error', message: doing ? `Could not ${doing}: ${d.message}` : d.message, hint: d.hint });
  }, []);

  const feed = useLiveFeed({
    client: props.client,
    me: props.me,
    live,
    doorbell: props.doorbell,
    persistCursor: props.persistCursor,
    onUnauthorized: () => setRelogin(true),
    onError: showError,
  });
  const channels = useChannels(props.client, live, showError, connectionOk);
  const channelName = (id: string) => {
    const c = channels.find((x) => x.id === id);
    return c ? (c.kind === 'dm' ? c.name : `#${c.name}`) : 'a room';
  };

  const openChannelId = view.kind === 'channel' || view.kind === 'thread' ? view.channelId : null;
  const items = sidebarItems(
    channels,
    (c) => c.id !== openChannelId && props.state.isUnread(c.id, c.last_message_at),
    (c) => {
      const seen = props.state.lastSeen(c.id);
      return c.id !== openChannelId && feed.mentions.some((m) => m.channel_id === c.id && (seen === undefined || compareTimestamps(m.created_at, seen) > 0));
    },
    feed.mentions.length,
  );

  const navigate = useCallback((next: View) => {
    setView((prev) => {
      history.current.push(prev);
      if (history.current.length > 50) history.current.shift();
      return next;
    });
    setFocus('main');
  }, []);
  const back = useCallback(() => {
    const prev = history.current.pop();
    if (prev) setView(prev);
    else setFocus('sidebar');
  }, []);

  const withTerminalSuspended = useCallback(
    async <T,>(fn: () => Promise<T>): Promise<T> => {
      setSuspended(true);
      try {
        return props.suspendTerminal ? await props.suspendTerminal(fn) : await fn();
      } finally {
        setSuspended(false);
      }
    },
    [props.suspendTerminal],
  );

  const keyboardTaken = overlay !== null || suspended || relogin;
  const ui: Ui = {
    client: props.client,
    me: props.me,
    color: props.color,
    state: props.state,
    live,
    cwd: props.cwd ?? process.cwd(),
    navigate,
    back,
    info,
    showError,
    connectionOk,
    openPrompt: (spec) => setOverlay({ kind: 'prompt', spec }),
    openPicker: (spec) => setOverlay({ kind: 'picker', spec: spec as PickerSpec<unknown> }),
    withTerminalSuspended,
    keyboardTaken,
  };

  const openSidebarItem = (index: number) => {
    const item = items[index];
    if (!item) return;
    if (item.kind === 'place') navigate({ kind: item.place });
    else navigate({ kind: 'channel', channelId: item.channel.id });
  };

  const conversation = view.kind === 'channel' || view.kind === 'thread';
  const cycleFocus = (delta: number) => {
    const order: Focus[] = conversation ? ['sidebar', 'main', 'compose'] : ['sidebar', 'main'];
    const i = order.indexOf(focus);
    setFocus(order[(i + delta + order.length) % order.length] as Focus);
  };

  useKeys(
    (input, key) => {
      if (key.tab) return cycleFocus(key.shift ? -1 : 1);
      if (focus === 'compose') return;
      // The palette takes typed text: only Tab leaves it (Esc is its own).
      if (focus === 'main' && view.kind === 'palette') return;
      if (input === 'q') return exit();
      if (input === '?') return setOverlay({ kind: 'help' });
      if (input === ':') return navigate({ kind: 'palette' });
      if (input === '/') {
        return setOverlay({
          kind: 'prompt',
          spec: {
            title: 'Search messages (2+ characters), or paste a copied message link',
            onSubmit: (q) => {
              if (q.trim() !== '') navigate({ kind: 'search', query: q.trim() });
            },
          },
        });
      }
      if (input === 'm') return navigate({ kind: 'mentions' });
      if (input === 't') return navigate({ kind: 'tasks' });
      if (input === 'd') return navigate({ kind: 'docs' });
      if (focus === 'sidebar') {
        if (key.downArrow || input === 'j') setSidebarSel((s) => moveSelection(s, 1, items.length));
        else if (key.upArrow || input === 'k') setSidebarSel((s) => moveSelection(s, -1, items.length));
        else if (key.pageDown) setSidebarSel((s) => moveSelection(s, 10, items.length));
        else if (key.pageUp) setSidebarSel((s) => moveSelection(s, -10, items.length));
        else if (key.return || key.rightArrow) openSidebarItem(sidebarSel);
        return;
      }
      if (key.escape) back();
    },
    { isActive: !keyboardTaken },
  );

  useKeys(
    (input, key) => {
      if (input === 'q') return exit();
      if (key.return && props.reconnect) {
        info('reconnecting…');
        void props.reconnect().then((ok) => {
          if (!ok) showError(new Error('Still no valid token.'), 'sign in');
        });
      }
    },
    { isActive: relogin && !suspended },
  );

  const height = Math.max(8, rows - 1);
  const sidebarWidth = Math.min(26, Math.max(16, Math.floor(columns * 0.28)));
  const mainWidth = Math.max(20, columns - sidebarWidth - 1);
  const overlayHeight = overlay?.kind === 'prompt' ? 3 : overlay?.kind === 'picker' ? Math.min(10, overlay.spec.options.length + 1) : 0;
  const bodyHeight = Math.max(3, height - 3);
  const mainHeight = Math.max(3, bodyHeight - overlayHeight);
  const closeOverlay = () => setOverlay(null);

  return (
    <UiContext.Provider value={ui}>
      <Box flexDirection="column" width={columns} height={height}>
        <Header me={props.me} sourceLabel={props.sourceLabel} width={columns} color={props.color} />
        <MentionNotice row={feed.notice} channelName={channelName} width={columns} color={props.color} />
        {overlay?.kind === 'help' ? (
          <HelpOverlay width={columns} height={bodyHeight} color={props.color} onClose={closeOverlay} />
        ) : relogin ? (
          <Box flexDirection="column" height={bodyHeight}>
            <Text bold={props.color}>The service refused the token (401 unauthorized).</Text>
            <Text>Sign in again: run `wsc login` in another terminal (or set WSC_TOKEN), then press Enter here.</Text>
            <Text>Press q to quit. Nothing you typed is lost: drafts are kept.</Text>
          </Box>
        ) : null}
        <Box flexDirection="row" height={bodyHeight} display={overlay?.kind === 'help' || relogin ? 'none' : 'flex'}>
          <Sidebar items={items} selected={sidebarSel} openId={openChannelId} focused={focus === 'sidebar' && !keyboardTaken} width={sidebarWidth} height={bodyHeight} color={props.color} />
          <Box flexDirection="column" borderStyle="single" borderTop={false} borderBottom={false} borderRight={false} width={mainWidth + 1} height={bodyHeight}>
            <MainPane
              view={view}
              channels={channels}
              mentions={feed.mentions}
              width={mainWidth}
              height={mainHeight}
              focus={focus === 'sidebar' ? 'other' : focus}
              setFocus={setFocus}
            />
            {overlay?.kind === 'prompt' ? (
              <Prompt
                title={overlay.spec.title}
                initial={overlay.spec.initial}
                hint={overlay.spec.hint}
                width={mainWidth}
                color={props.color}
                onCancel={closeOverlay}
                onSubmit={(v) => {
                  closeOverlay();
                  void Promise.resolve(overlay.spec.onSubmit(v)).catch((e: unknown) => showError(e));
                }}
              />
            ) : overlay?.kind === 'picker' ? (
              <Picker
                title={overlay.spec.title}
                options={overlay.spec.options}
                selected={overlay.spec.selected}
                width={mainWidth}
                height={overlayHeight}
                color={props.color}
                onCancel={() => {
                  closeOverlay();
                  overlay.spec.onCancel?.();
                }}
                onPick={(v) => {
                  closeOverlay();
                  void Promise.resolve(overlay.spec.onPick(v)).catch((e: unknown) => showError(e));
                }}
              />
            ) : null}
          </Box>
        </Box>
        <StatusLine width={columns} status={status} reconnecting={lost || feed.reconnecting} color={props.color} />
      </Box>
    </UiContext.Provider>
  );
}
