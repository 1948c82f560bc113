// Runs what the app keymap decides: the whole-screen keys while nothing else has the keyboard, and
// the re-login screen's keys after a 401.
import { useApp } from 'ink';
import { appKeyAction, reloginKeyAction } from '../app-keymap';
import { moveSelection } from '../components/WindowedList';
import type { PromptSpec } from '../ui-context';
import type { Navigation } from './use-navigation';
import type { SidebarState } from './use-sidebar';
import type { AppStatus } from './use-status';
import { useKeys } from './use-keys';

export interface AppKeysOptions {
  nav: Navigation;
  sidebar: SidebarState;
  status: AppStatus;
  openHelp(): void;
  openPrompt(spec: PromptSpec): void;
  /** Whether the compose box shows @-completions now (set as it renders). */
  composeCompleting: { current: boolean };
  /** An overlay, the editor or the re-login screen has the keyboard. */
  keyboardTaken: boolean;
  suspended: boolean;
  reconnect?(): Promise<boolean>;
  /** Whether the live feed is reconnecting, and how to make it try again now. */
  reconnecting: boolean;
  retryNow(): void;
  zoomed: boolean;
  toggleZoom(): void;
}

const SEARCH_PROMPT = 'Search messages (2+ characters), or paste a copied message link';

export function useAppKeys(options: AppKeysOptions): void {
  const { exit } = useApp();
  const { nav, sidebar, status } = options;

  const openSidebarItem = (index: number) => {
    const item = sidebar.items[index];
    if (!item) return;
    if (item.kind === 'place') nav.navigate({ kind: item.place });
    else nav.navigate({ kind: 'channel', channelId: item.channel.id });
  };

  useKeys(
    (input, key) => {
      const action = appKeyAction(input, key, { focus: nav.focus, view: nav.view, composeCompleting: options.composeCompleting.current, zoomed: options.zoomed });
      if (!action) return false;
      switch (action.kind) {
        case 'focus':
          return nav.setFocus(action.focus);
        case 'quit':
          return exit();
        case 'help':
          return options.openHelp();
        case 'search':
          return options.openPrompt({
            title: SEARCH_PROMPT,
            onSubmit: (q) => {
              if (q.trim() !== '') nav.navigate({ kind: 'search', query: q.trim() });
            },
          });
        case 'navigate':
          return nav.navigate(action.view);
        case 'sidebar-move':
          return sidebar.setSelected((s) => moveSelection(s, action.delta, sidebar.items.length));
        case 'sidebar-open':
          return openSidebarItem(sidebar.selected);
        case 'back':
          return nav.back();
        case 'zoom':
          return options.toggleZoom();
        case 'retry':
          if (!options.reconnecting) return status.info('connected: nothing to retry');
          options.retryNow();
          return status.info('retrying now…', { connection: true });
      }
    },
    { isActive: !options.keyboardTaken, level: 'app' },
  );

  useKeys(
    (input, key) => {
      const action = reloginKeyAction(input, key, options.reconnect !== undefined);
      if (action?.kind === 'quit') return exit();
      if (action?.kind === 'reconnect' && options.reconnect) {
        status.info('reconnecting…');
        void options.reconnect().then((ok) => {
          if (!ok) status.showError(new Error('Still no valid token.'), 'sign in');
        });
      }
    },
    { isActive: status.relogin && !options.suspended, level: 'overlay' },
  );
}
