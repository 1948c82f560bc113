// What the mouse does (reports taken by KeyInput, input/mouse.ts): the wheel scrolls the pane under
// the pointer (the sidebar's selection, or the main pane's list as ↑/↓ would, three rows a notch),
// a click on a sidebar row selects and opens it, a click in the main pane gives it the keys and acts
// on the click area under it (hooks/use-click-area.ts: a list row, a message, the compose box). Nothing happens while an overlay or a prompt has the keyboard.
import { useEffect, useRef } from 'react';
import type { Key } from 'ink';
import { listWindow } from '../rows/list-rows';
import { moveSelection } from '../windowing';
import { frameLayout } from '../frame-layout';
import { clickAt, terminalMouse, type MouseEvent } from '../input/mouse';
import { selectKeyboardTaken } from '../state/ui-store';
import { useUiRoot, useUiSelector } from '../state/use-ui-store';
import type { SidebarState } from './use-sidebar';
import { useTerminalSize } from './use-terminal-size';

/** The screen line (1-based) of the body's first line: below the header and the notice line. */
const BODY_TOP = 3;
const WHEEL_ROWS = 3;

const KEY: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
  return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false,
  super: false, hyper: false, capsLock: false, numLock: false,
};

export function useMouse(sidebar: SidebarState): void {
  const { store, router } = useUiRoot();
  const size = useTerminalSize();
  const zoomed = useUiSelector((s) => s.zoomed);
  const keyboardTaken = useUiSelector(selectKeyboardTaken);
  // The newest render's state, for a listener subscribed once.
  const latest = useRef({ sidebar, size, zoomed, keyboardTaken });
  latest.current = { sidebar, size, zoomed, keyboardTaken };

  useEffect(
    () =>
      terminalMouse.subscribe((event: MouseEvent) => {
        const { sidebar, size, zoomed, keyboardTaken } = latest.current;
        if (keyboardTaken) return;
        const { sidebarWidth, bodyHeight } = frameLayout(size.columns, size.rows, zoomed);
        const row = event.y - BODY_TOP;
        if (row < 0 || row >= bodyHeight) return;
        if (!zoomed && event.x <= sidebarWidth) {
          if (event.kind === 'wheel') {
            store.setFocus('sidebar');
            sidebar.setSelected((s) => moveSelection(s, event.delta * WHEEL_ROWS, sidebar.items.length));
            return;
          }
          store.setFocus('sidebar');
          if (row === 0) return;
          const index = listWindow(sidebar.items.length, sidebar.selected, bodyHeight - 1).start + row - 1;
          const item = sidebar.items[index];
          if (!item) return;
          sidebar.setSelected(() => index);
          store.navigate(item.kind === 'place' ? { kind: item.place } : { kind: 'channel', channelId: item.channel.id });
          return;
        }
        // The main pane: its keys first (the view's layer is active after that render), then the act.
        router.then(() => {
          if (store.getState().focus === 'sidebar') store.setFocus('main');
        });
        if (event.kind === 'wheel') {
          for (let i = 0; i < WHEEL_ROWS; i++) router.feed('', { ...KEY, upArrow: event.delta < 0, downArrow: event.delta > 0 });
        } else router.then(() => void clickAt(event.x, event.y));
      }),
    [store, router],
  );
}
