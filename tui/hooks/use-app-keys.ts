// Runs what the app keymap decides: the whole-screen keys while nothing else has the keyboard, and
// the re-login screen's keys after a 401. The view, focus, zoom, overlays and status come from the
// UiStore; the sidebar's rows and what reaches the service from App.
import { useApp } from 'ink';
import { appKeyAction, reloginKeyAction } from '../keys/app-keymap';
import { moveSelection } from '../windowing';
import { isReconnecting } from '../state/status-line';
import { selectKeyboardTaken } from '../state/ui-store';
import { useUiRoot, useUiSelector } from '../state/use-ui-store';
import type { SidebarState } from './use-sidebar';
import type { AppStatus } from './use-status';
import { useKeys } from './use-keys';

export interface AppKeysOptions {
  sidebar: SidebarState;
  status: AppStatus;
  reconnect?(): Promise<boolean>;
  /** Makes the live feed try the service again now. */
  retryNow(): void;
}

const SEARCH_PROMPT = 'Search messages (2+ characters), or paste a copied message link';

export function useAppKeys(options: AppKeysOptions): void {
  const { exit } = useApp();
  const { store } = useUiRoot();
  const { sidebar, status } = options;
  const keyboardTaken = useUiSelector(selectKeyboardTaken);
  const reloginShown = useUiSelector((s) => s.status.relogin && !s.suspended);
  // Every layer judges a key by the state the key met (as rendered), not by what a layer before it
  // just changed: Esc that leaves the compose box must not also go back a view.
  const focus = useUiSelector((s) => s.focus);
  const view = useUiSelector((s) => s.view);
  const zoomed = useUiSelector((s) => s.zoomed);
  const reconnecting = useUiSelector((s) => isReconnecting(s.status));

  const openSidebarItem = (index: number) => {
    const item = sidebar.items[index];
    if (!item) return;
    if (item.kind === 'place') store.navigate({ kind: item.place });
    else store.navigate({ kind: 'channel', channelId: item.channel.id });
  };

  useKeys(
    (input, key) => {
      const action = appKeyAction(input, key, { focus, view, zoomed });
      if (!action) return false;
      switch (action.kind) {
        case 'focus':
          store.setFocus(action.focus);
          break;
        case 'quit':
          exit();
          break;
        case 'help':
          store.openOverlay({ kind: 'help' });
          break;
        case 'search':
          store.openOverlay({
            kind: 'prompt',
            spec: {
              title: SEARCH_PROMPT,
              onSubmit: (q) => {
                if (q.trim() !== '') store.navigate({ kind: 'search', query: q.trim() });
              },
            },
          });
          break;
        case 'navigate':
          store.navigate(action.view);
          break;
        case 'sidebar-move':
          sidebar.setSelected((s) => moveSelection(s, action.delta, sidebar.items.length));
          break;
        case 'sidebar-open':
          openSidebarItem(sidebar.selected);
          break;
        case 'back':
          store.back();
          break;
        case 'zoom':
          store.toggleZoom();
          break;
        case 'retry':
          if (!reconnecting) {
            status.info('connected: nothing to retry');
            break;
          }
          options.retryNow();
          status.info('retrying now…', { connection: true });
          break;
      }
      return true;
    },
    { isActive: !keyboardTaken, level: 'app' },
  );

  useKeys(
    (input, key) => {
      const action = reloginKeyAction(input, key, options.reconnect !== undefined);
      if (action?.kind === 'quit') exit();
      else if (action?.kind === 'reconnect' && options.reconnect) {
        status.info('reconnecting…');
        void options.reconnect().then((ok) => {
          if (!ok) status.showError(new Error('Still no valid token.'), 'sign in');
        });
      }
      // The re-login screen covers everything: no key reaches what is below it.
      return true;
    },
    { isActive: reloginShown, level: 'overlay' },
  );
}
