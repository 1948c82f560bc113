// A run timeline's keys as a pure map from a key to what it asks for (unit-tested without a screen):
// j/k and ↑/↓ move (↑ stops following, ↓ onto the newest event follows again), G or f follows the
// newest event, Enter opens the selected event's details, r replies to the selected step in the run's thread.
import type { Key } from 'ink';
import { APP_KEYS } from './app-keymap';
import { boundAction, keyHelp, keyLabel, type KeyBinding, type KeyHelp } from './key-binding';
import { SCROLL_KEYS } from './list-key-map';

export type RunKeyAction = { kind: 'move'; by: 1 | -1; follow: boolean } | { kind: 'follow' } | { kind: 'open-event' } | { kind: 'reply-step' };

export type RunKey = Pick<Key, 'upArrow' | 'downArrow' | 'return'> & Partial<Pick<Key, 'ctrl' | 'meta'>>;

export interface RunKeyState {
  selected: number;
  count: number;
}

type RunKeyName = 'follow' | 'up' | 'down' | 'open-event' | 'reply-step';

/** A run timeline's keys, in the order the help lists them. */
export const RUN_KEYS: readonly KeyBinding<RunKeyName>[] = [
  { keys: ['G', 'f'], action: 'follow', label: 'G  or  f', help: 'follow: keep the newest event selected as events arrive' },
  { keys: ['↑', 'k'], action: 'up', label: '↑ k', help: 'stop following and look back' },
  { keys: ['Enter'], action: 'open-event', help: "the selected event's details and payload; on a child run's event, Enter again opens its timeline" },
  { keys: ['r'], action: 'reply-step', help: "reply to the selected step in the run's thread (drafted, mentioning the agent and quoting the step); the run opened from the agent's message" },
  { keys: ['↓', 'j'], action: 'down' },
];

export function runKeyAction(input: string, key: RunKey, state: RunKeyState): RunKeyAction | null {
  // A key with Ctrl or Alt held is not these letters (Ctrl+R is the whole screen's retry).
  if (key.ctrl === true || key.meta === true) return null;
  const name = boundAction(RUN_KEYS, input, key);
  if (name === 'down') return { kind: 'move', by: 1, follow: state.selected + 1 >= state.count - 1 };
  if (name === 'up') return { kind: 'move', by: -1, follow: false };
  if (name === 'follow') return { kind: 'follow' };
  const onEvent = state.selected >= 0 && state.selected < state.count;
  return onEvent && (name === 'open-event' || name === 'reply-step') ? { kind: name } : null;
}

export type RunEventKeyAction = { kind: 'open-child-run' } | { kind: 'reply-step' };

/** A task's and a run event's details (they scroll with ScrollingText's keys): one r, read again or reply. */
export const DETAILS_KEYS: readonly KeyBinding<'reply-step' | 'open-child-run'>[] = [
  { keys: ['r'], action: 'reply-step', help: "a task: read it again (also after an error); a run's event: reply to that step in the run's thread" },
  { keys: ['Enter'], action: 'open-child-run' },
];

/** An event's details (they scroll with ScrollingText's keys): Enter opens a child run's timeline, r replies to the step. */
export function runEventKeyAction(input: string, key: Pick<Key, 'return'> & Partial<Pick<Key, 'ctrl' | 'meta'>>, state: { hasChildRun: boolean }): RunEventKeyAction | null {
  if (key.ctrl === true || key.meta === true) return null;
  const name = boundAction(DETAILS_KEYS, input, key);
  if (name === 'reply-step') return { kind: 'reply-step' };
  return name === 'open-child-run' && state.hasChildRun ? { kind: 'open-child-run' } : null;
}


/** The details' help (after tui.toml's remaps): how they scroll, their r, and the whole screen's Esc that goes back. */
export function detailsKeyHelp(): KeyHelp[] {
  return [...keyHelp(SCROLL_KEYS), ...keyHelp(DETAILS_KEYS), { keys: backKeys(), what: 'back to the list' }];
}

function backKeys(): string {
  const back = APP_KEYS.find((b) => b.action === 'back');
  return back ? keyLabel(back) : 'Esc';
}
