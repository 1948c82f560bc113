// The whole-screen layout: header, mention notice, sidebar | main pane, status line, and the
// overlays (help, prompt, picker, re-login). The view, focus, zoom and overlay come from the UiStore;
// the data it draws (rows, channels, status) from App.tsx's hooks.
import { Box, Text } from 'ink';
import type { Channel, MentionRow } from '../../shared/index';
import type { Focus } from '../app-keymap';
import { useUiRoot, useUiSelector } from '../state/use-ui-store';
import { useUi } from '../ui-context';
import { Header } from './Header';
import { HelpOverlay } from './HelpOverlay';
import { MainPane } from '../views/MainPane';
import { MentionNotice } from './MentionNotice';
import { Picker } from './Picker';
import { Prompt } from './Prompt';
import { Sidebar, type SidebarItem } from './Sidebar';
import { StatusLine, type StatusMessage } from './StatusLine';
import { roomLabel, safeLine } from '../format';

export interface AppLayoutProps {
  sourceLabel: string;
  columns: number;
  rows: number;
  keyboardTaken: boolean;
  relogin: boolean;
  sidebarItems: SidebarItem[];
  sidebarSelected: number;
  openChannelId: string | null;
  channels: Channel[];
  mentions: MentionRow[];
  notice: MentionRow | null;
  status: StatusMessage | null;
  reconnecting: boolean;
  savedAt?: number | null;
}

/** Below this the panes cannot show a line of a message: a clear note instead of a broken frame. */
export const MIN_COLUMNS = 60;
export const MIN_ROWS = 14;

export function AppLayout(props: AppLayoutProps) {
  const { columns } = props;
  const { me, color, showError } = useUi();
  const { store } = useUiRoot();
  const overlay = useUiSelector((s) => s.overlay);
  const view = useUiSelector((s) => s.view);
  const focus: Focus = useUiSelector((s) => s.focus);
  const zoomed = useUiSelector((s) => s.zoomed);
  if (columns < MIN_COLUMNS || props.rows < MIN_ROWS) {
    return (
      <Box flexDirection="column" width={columns}>
        <Text bold={color} wrap="wrap">{safeLine(`The terminal is too small: ${columns}×${props.rows}. wsc needs at least ${MIN_COLUMNS}×${MIN_ROWS}.`)}</Text>
        <Text wrap="wrap">Make the window larger (or the font smaller); q quits. Drafts are kept.</Text>
      </Box>
    );
  }
  const height = Math.max(8, props.rows - 1);
  const sidebarWidth = zoomed ? 0 : Math.min(26, Math.max(16, Math.floor(columns * 0.28)));
  const mainWidth = zoomed ? columns : Math.max(20, columns - sidebarWidth - 1);
  const overlayHeight = overlay?.kind === 'prompt' ? 3 : overlay?.kind === 'picker' ? Math.min(10, overlay.spec.options.length + 1) : 0;
  const bodyHeight = Math.max(3, height - 3);
  const mainHeight = Math.max(3, bodyHeight - overlayHeight);
  const closeOverlay = store.closeOverlay;
  const channelName = (id: string) => {
    const c = props.channels.find((x) => x.id === id);
    return c ? roomLabel(c, me) : 'a room';
  };

  return (
    <Box flexDirection="column" width={columns} height={height}>
      <Header me={me} sourceLabel={props.sourceLabel} width={columns} color={color} />
      <MentionNotice row={props.notice} channelName={channelName} width={columns} color={color} />
      {overlay?.kind === 'help' ? (
        <HelpOverlay width={columns} height={bodyHeight} color={color} view={view.kind} onClose={closeOverlay} />
      ) : props.relogin ? (
        <Box flexDirection="column" height={bodyHeight}>
          <Text bold={color}>The service refused the token (401 unauthorized).</Text>
          <Text>Sign in again: run `wsc login` in another terminal (or set WSC_TOKEN), then press Enter here.</Text>
          <Text>Press q to quit. Nothing you typed is lost: drafts are kept.</Text>
        </Box>
      ) : null}
      <Box flexDirection="row" height={bodyHeight} display={overlay?.kind === 'help' || props.relogin ? 'none' : 'flex'}>
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
          borderColor={color && focus !== 'sidebar' && !props.keyboardTaken ? 'cyan' : undefined}
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
      <StatusLine width={columns} status={props.status} reconnecting={props.reconnecting} savedAt={props.savedAt} color={color} zoomed={zoomed} />
    </Box>
  );
}
