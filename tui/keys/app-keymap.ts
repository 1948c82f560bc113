// The whole-screen keys: their bindings (the keys, and the help the "Everywhere" section, the footer
// and the README's table show) and a pure function from a key and the state it meets to what to do.
// The views' own keys live beside the views.
import type { Key } from 'ink';
import type { View } from '../ui-context';
import { boundAction, type KeyBinding } from './key-binding';

export type Focus = 'sidebar' | 'main' | 'compose';

export interface AppKeyState {
  focus: Focus;
  view: View;
  /** The sidebar is hidden (z): Tab skips it. */
  zoomed?: boolean;
}

export type AppKeyAction =
  | { kind: 'focus'; focus: Focus }
  | { kind: 'quit' }
  | { kind: 'help' }
  | { kind: 'search' }
  | { kind: 'navigate'; view: View }
  | { kind: 'sidebar-move'; delta: number }
  | { kind: 'sidebar-open' }
  | { kind: 'back' }
  /** Ctrl+R: while reconnecting, try the service again now (not after the backoff). */
  | { kind: 'retry' }
  /** z: hide the sidebar so the main pane takes the whole width, or show it again. */
  | { kind: 'zoom' };

/** Panes in Tab order: compose exists only beside a conversation; a hidden sidebar takes no turn. */
export function focusOrder(view: View, zoomed = false): Focus[] {
  const panes: Focus[] = view.kind === 'channel' || view.kind === 'thread' ? ['sidebar', 'main', 'compose'] : ['sidebar', 'main'];
  return zoomed ? panes.filter((p) => p !== 'sidebar') : panes;
}

type AppKeyName = 'focus-next' | 'focus-previous' | 'sidebar-down' | 'sidebar-up' | 'sidebar-page-down' | 'sidebar-page-up' | 'sidebar-open' | 'back' | 'search' | 'palette' | 'inbox' | 'mentions' | 'tasks' | 'docs' | 'recent' | 'zoom' | 'retry' | 'help' | 'quit';

/** The whole-screen keys, in the order the help's "Everywhere" section lists them. */
/** The sidebar's ↓/↑ move every list too, while the lists' own keys (list.down, list.up) are the same. */
export const EVERY_LIST = ' (every list)';

export const APP_KEYS: readonly KeyBinding<AppKeyName>[] = [
  { keys: ['Tab'], action: 'focus-next', help: 'next pane (sidebar, main, compose)', hint: 'panes', readme: true },
  { keys: ['Shift+Tab'], action: 'focus-previous', help: 'previous pane', readme: true },
  { keys: ['↓', 'j'], action: 'sidebar-down', help: `move the selection down${EVERY_LIST}`, readme: true },
  { keys: ['↑', 'k'], action: 'sidebar-up', help: `move the selection up${EVERY_LIST}`, readme: true },
  { keys: ['PgDn'], action: 'sidebar-page-down', label: 'PgDn  PgUp', help: 'move a page down / up' },
  { keys: ['PgUp'], action: 'sidebar-page-up' },
  { keys: ['Enter', '→'], action: 'sidebar-open', help: 'open the selected item', readme: true },
  { keys: ['Esc'], action: 'back', help: 'back / close / cancel', readme: true },
  { keys: ['/'], action: 'search', help: 'search messages, or paste a copied message link', hint: 'search', readme: true },
  { keys: [':'], action: 'palette', help: "command palette: every generic action, its form from the command's schema", hint: 'palette', readme: true },
  { keys: ['i'], action: 'inbox', help: 'the attention inbox (everything that wants you)', readme: true },
  { keys: ['m'], action: 'mentions', help: 'mentions', readme: true },
  { keys: ['t'], action: 'tasks', help: 'tasks', readme: true },
  { keys: ['d'], action: 'docs', help: 'docs', readme: true },
  { keys: ['R'], action: 'recent', help: 'recent: every conversation by last activity, newest first (Enter opens it)', readme: true },
  { keys: ['z'], action: 'zoom', help: 'hide the sidebar (the main pane takes the whole width); z again shows it', hint: 'zoom', readme: true },
  { keys: ['Ctrl+R'], action: 'retry', help: 'while reconnecting: try the service again now, not after the backoff', readme: true },
  { keys: ['?'], action: 'help', help: "this help: the current view's keys first, then a legend of the symbols", hint: 'help', readme: true },
  { keys: ['q'], action: 'quit', label: 'q  Ctrl+C', help: 'quit (Ctrl+C also works while typing)', hint: 'quit', readme: true },
];

/** The footer names these, in this order, each with its binding's key and hint. */
const FOOTER: readonly AppKeyName[] = ['help', 'search', 'palette', 'focus-next', 'zoom', 'quit'];

/** The footer's key hint (with the sidebar hidden, z brings it back). */
export function footerHint(zoomed: boolean): string {
  return FOOTER.flatMap((action) => {
    const b = APP_KEYS.find((k) => k.action === action);
    return b?.hint === undefined ? [] : [`${b.keys[0] ?? ''} ${action === 'zoom' && zoomed ? 'sidebar' : b.hint}`];
  }).join(' · ');
}

const PLACES: Partial<Record<AppKeyName, View>> = { palette: { kind: 'palette' }, mentions: { kind: 'mentions' }, inbox: { kind: 'inbox' }, tasks: { kind: 'tasks' }, docs: { kind: 'docs' }, recent: { kind: 'recent' } };
const SIDEBAR_MOVES: Partial<Record<AppKeyName, number>> = { 'sidebar-down': 1, 'sidebar-up': -1, 'sidebar-page-down': 10, 'sidebar-page-up': -10 };

export function appKeyAction(input: string, key: Key, state: AppKeyState): AppKeyAction | null {
  const { focus, view } = state;
  const name = boundAction(APP_KEYS, input, key);
  if (name === null) return null;
  if (name === 'retry') return { kind: 'retry' };
  if (name === 'focus-next' || name === 'focus-previous') {
    const order = focusOrder(view, state.zoomed === true);
    const delta = name === 'focus-previous' ? -1 : 1;
    const next = order[(order.indexOf(focus) + delta + order.length) % order.length] ?? 'sidebar';
    return { kind: 'focus', focus: next };
  }
  if (focus === 'compose') return null;
  // The palette has the main pane's keys: its filter takes text, its form fields too.
  if (focus === 'main' && view.kind === 'palette') return null;
  if (name === 'quit') return { kind: 'quit' };
  if (name === 'help') return { kind: 'help' };
  if (name === 'search') return { kind: 'search' };
  if (name === 'zoom') return { kind: 'zoom' };
  // i in the Inbox is nothing (the Inbox is open already).
  if (name === 'inbox' && view.kind === 'inbox') return null;
  const place = PLACES[name];
  if (place) return { kind: 'navigate', view: place };
  if (focus === 'sidebar') {
    const delta = SIDEBAR_MOVES[name];
    if (delta !== undefined) return { kind: 'sidebar-move', delta };
    return name === 'sidebar-open' ? { kind: 'sidebar-open' } : null;
  }
  return name === 'back' ? { kind: 'back' } : null;
}

export type ReloginKeyAction = { kind: 'quit' } | { kind: 'reconnect' };

/** Keys of the "sign in again" screen after a 401. */
export function reloginKeyAction(input: string, key: Key, canReconnect: boolean): ReloginKeyAction | null {
  if (input === 'q') return { kind: 'quit' };
  if (key.return && canReconnect) return { kind: 'reconnect' };
  return null;
}
