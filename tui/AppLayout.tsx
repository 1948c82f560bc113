// The whole-screen layout: header, mention notice, sidebar | main pane, status line, and the
// overlays (help, prompt, picker, re-login). `AppLayout` is the container: the view, focus, zoom,
// overlay, notice and status line come from the UiStore, the terminal's size from its hook, and only
// the data App's hooks gather (rows, channels, mentions) as props; `AppFrame` only draws.
import { Box, Text } from 'ink';
import type { Channel, Identity, MentionRow } from '../shared/index';
import type { Focus } from './keys/app-keymap';
import { useTerminalSize } from './hooks/use-terminal-size';
import { isReconnecting, type StatusLineState } from './state/status-line';
import { selectKeyboardTaken, selectOpenChannelId, type Overlay, type UiState } from './state/ui-store';
import { useUiRoot, useUiSelector } from './state/use-ui-store';
import { useUi, type View } from './ui-context';
import { Header } from './components/Header';
import { HelpOverlay } from './components/HelpOverlay';
import { MainPane } from './views/MainPane';
import { MentionNotice } from './components/MentionNotice';
import { Picker } from './components/Picker';
import { Prompt } from './components/Prompt';
import { Sidebar, type SidebarItem } from './components/Sidebar';
import { StatusLine } from './components/StatusLine';
import { roomLabel, safeLine } from './format';
import { frameLayout, MIN_COLUMNS, MIN_ROWS, tooSmall } from './frame-layout';
import { terminalFeatures } from './terminal-features';

export interface AppLayoutProps {
  sourceLabel: string;
  sidebarItems: SidebarItem[];
  sidebarSelected: number;
  channels: Channel[];
  mentions: MentionRow[];
}

const selectFrame = (s: UiState) => s;

export function AppLayout(props: AppLayoutProps) {
  const { columns, rows } = useTerminalSize();
  const { me, color, showError } = useUi();
  const { store } = useUiRoot();
  const state = useUiSelector(selectFrame);
  return (
    <AppFrame
      {...props}
      columns={columns}
      rows={rows}
      me={me}
      color={color}
      view={state.view}
      focus={state.focus}
      zoomed={state.zoomed}
      overlay={state.overlay}
      notice={state.notice}
      status={state.status}
      keyboardTaken={selectKeyboardTaken(state)}
      openChannelId={selectOpenChannelId(state)}
      closeOverlay={store.closeOverlay}
      showError={showError}
    />
  );
}

export interface AppFrameProps extends AppLayoutProps {
  columns: number;
  rows: number;
  me: Identity;
  color: boolean;
  view: View;
  focus: Focus;
  zoomed: boolean;
  overlay: Overlay;
  notice: MentionRow | null;
  status: StatusLineState;
  keyboardTaken: boolean;
  openChannelId: string | null;
  closeOverlay(): void;
  showError(error: unknown): void;
}

export function AppFrame(props: AppFrameProps) {
  const { columns, me, color, overlay, zoomed, focus, closeOverlay, showError } = props;
  const relogin = props.status.relogin;
  if (tooSmall(columns, props.rows)) {
    return (
      <Box flexDirection="column" width={columns}>
        <Text bold={color} wrap="wrap">{safeLine(`The terminal is too small: ${columns}×${props.rows}. wsc needs at least ${MIN_COLUMNS}×${MIN_ROWS}.`)}</Text>
        <Text wrap="wrap">Make the window larger (or the font smaller); q quits. Drafts are kept.</Text>
      </Box>
    );
  }
  const overlayHeight = overlay?.kind === 'prompt' ? 3 : overlay?.kind === 'picker' ? Math.min(10, overlay.spec.options.length + 1) : 0;
  const { height, sidebarWidth, mainWidth, bodyHeight, mainHeight } = frameLayout(columns, props.rows, zoomed, overlayHeight);
  const channelName = (id: string) => {
    const c = props.channels.find((x) => x.id === id);
    return c ? roomLabel(c, me) : 'a room';
  };

  return (
    <Box flexDirection="column" width={columns} height={height}>
      <Header me={me} sourceLabel={props.sourceLabel} width={columns} color={color} />
      <MentionNotice row={props.notice} channelName={channelName} width={columns} color={color} />
      {overlay?.kind === 'help' ? (
        <HelpOverlay width={columns} height={bodyHeight} color={color} view={props.view.kind} onClose={closeOverlay} />
      ) : relogin ? (
        <Box flexDirection="column" height={bodyHeight}>
          <Text bold={color}>The service refused the token (401 unauthorized).</Text>
          <Text>Sign in again: run `wsc login` in another terminal (or set WSC_TOKEN), then press Enter here.</Text>
          <Text>Press q to quit. Nothing you typed is lost: drafts are kept.</Text>
        </Box>
      ) : null}
      <Box flexDirection="row" height={bodyHeight} display={overlay?.kind === 'help' || relogin ? 'none' : 'flex'}>
        {zoomed ? null : (
          <Sidebar
            items={props.sidebarItems}
            selected={props.sidebarSelected}
            openId={props.openChannelId}
            focused={focus === 'sidebar' && !props.keyboardTaken}
            width={sidebarWidth}
            height={bodyHeight}
            color={color}
          />
        )}
        <Box
          flexDirection="column"
          borderStyle="single"
          borderTop={false}
          borderBottom={false}
          borderRight={false}
          borderLeft={!zoomed}
          // The focus cue in colour: the main pane's border lights up while it (or compose) has the keys.
          borderColor={color && focus !== 'sidebar' && !props.keyboardTaken ? terminalFeatures().theme.focus : undefined}
          width={zoomed ? mainWidth : mainWidth + 1}
          height={bodyHeight}
        >
          <MainPane channels={props.channels} mentions={props.mentions} width={mainWidth} height={mainHeight} />
          {overlay?.kind === 'prompt' ? (
            <Prompt
              title={overlay.spec.title}
              initial={overlay.spec.initial}
              hint={overlay.spec.hint}
              width={mainWidth}
              color={color}
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
              color={color}
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
      <StatusLine width={columns} status={props.status.message} reconnecting={isReconnecting(props.status)} savedAt={props.status.savedCopyAt} color={color} zoomed={zoomed} />
    </Box>
  );
}
