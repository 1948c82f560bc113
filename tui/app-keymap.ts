// The whole-screen keys as a pure function: a key and the state it meets -> what to do. The views'
// own keys live in the views; these are the ones the help's "Everywhere" section lists.
import type { Key } from 'ink';
import type { View } from './ui-context';

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

export function appKeyAction(input: string, key: Key, state: AppKeyState): AppKeyAction | null {
  const { focus, view } = state;
  if (key.ctrl && input === 'r') return { kind: 'retry' };
  if (key.tab) {
    const order = focusOrder(view, state.zoomed === true);
    const delta = key.shift ? -1 : 1;
    const next = order[(order.indexOf(focus) + delta + order.length) % order.length] ?? 'sidebar';
    return { kind: 'focus', focus: next };
  }
  if (focus === 'compose') return null;
  // The palette takes typed text: only Tab leaves it (Esc is its own).
  if (focus === 'main' && view.kind === 'palette') return null;
  if (input === 'q') return { kind: 'quit' };
  if (input === '?') return { kind: 'help' };
  if (input === ':') return { kind: 'navigate', view: { kind: 'palette' } };
  if (input === '/') return { kind: 'search' };
  if (input === 'm') return { kind: 'navigate', view: { kind: 'mentions' } };
  if (input === 'i') return view.kind === 'inbox' ? null : { kind: 'navigate', view: { kind: 'inbox' } };
  if (input === 't') return { kind: 'navigate', view: { kind: 'tasks' } };
  if (input === 'd') return { kind: 'navigate', view: { kind: 'docs' } };
  if (input === 'z') return { kind: 'zoom' };
  if (focus === 'sidebar') {
    if (key.downArrow || input === 'j') return { kind: 'sidebar-move', delta: 1 };
    if (key.upArrow || input === 'k') return { kind: 'sidebar-move', delta: -1 };
    if (key.pageDown) return { kind: 'sidebar-move', delta: 10 };
    if (key.pageUp) return { kind: 'sidebar-move', delta: -10 };
    if (key.return || key.rightArrow) return { kind: 'sidebar-open' };
    return null;
  }
  if (key.escape) return { kind: 'back' };
  return null;
}

export type ReloginKeyAction = { kind: 'quit' } | { kind: 'reconnect' };

/** Keys of the "sign in again" screen after a 401. */
export function reloginKeyAction(input: string, key: Key, canReconnect: boolean): ReloginKeyAction | null {
  if (input === 'q') return { kind: 'quit' };
  if (key.return && canReconnect) return { kind: 'reconnect' };
  return null;
}
