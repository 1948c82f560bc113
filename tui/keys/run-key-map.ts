// A run timeline's keys as a pure map from a key to what it asks for (unit-tested without a screen):
// j/k and ↑/↓ move (↑ stops following, ↓ onto the newest event follows again), G or f follows the
// newest event, Enter opens the selected event's details, r replies to the selected step in the run's thread.
import type { Key } from 'ink';
import type { KeyHelp } from './key-binding';

export type RunKeyAction = { kind: 'move'; by: 1 | -1; follow: boolean } | { kind: 'follow' } | { kind: 'open-event' } | { kind: 'reply-step' };

export type RunKey = Pick<Key, 'upArrow' | 'downArrow' | 'return'> & Partial<Pick<Key, 'ctrl' | 'meta'>>;

export interface RunKeyState {
  selected: number;
  count: number;
}

export function runKeyAction(input: string, key: RunKey, state: RunKeyState): RunKeyAction | null {
  // A key with Ctrl or Alt held is not these letters (Ctrl+R is the whole screen's retry).
  if (key.ctrl === true || key.meta === true) return null;
  if (key.downArrow || input === 'j') return { kind: 'move', by: 1, follow: state.selected + 1 >= state.count - 1 };
  if (key.upArrow || input === 'k') return { kind: 'move', by: -1, follow: false };
  if (input === 'G' || input === 'f') return { kind: 'follow' };
  if (key.return && state.selected >= 0 && state.selected < state.count) return { kind: 'open-event' };
  if (input === 'r' && state.selected >= 0 && state.selected < state.count) return { kind: 'reply-step' };
  return null;
}

export type RunEventKeyAction = { kind: 'open-child-run' } | { kind: 'reply-step' };

/** An event's details (they scroll with ScrollingText's keys): Enter opens a child run's timeline, r replies to the step. */
export function runEventKeyAction(input: string, key: Pick<Key, 'return'> & Partial<Pick<Key, 'ctrl' | 'meta'>>, state: { hasChildRun: boolean }): RunEventKeyAction | null {
  if (key.ctrl === true || key.meta === true) return null;
  if (input === 'r') return { kind: 'reply-step' };
  return key.return && state.hasChildRun ? { kind: 'open-child-run' } : null;
}

/** The help's lines for these keys (the help overlay's section is this list). */
export const RUN_KEY_HELP: KeyHelp[] = [
  { keys: 'G  or  f', what: 'follow: keep the newest event selected as events arrive' },
  { keys: '↑ k', what: 'stop following and look back' },
  { keys: 'Enter', what: "the selected event's details and payload; on a child run's event, Enter again opens its timeline" },
  { keys: 'r', what: "reply to the selected step in the run's thread (drafted, mentioning the agent and quoting the step); the run opened from the agent's message" },
];

/** The help's lines for these keys (the help overlay's section is this list). */
export const DETAILS_KEY_HELP: KeyHelp[] = [
  { keys: 'j k  Space  PgUp PgDn', what: 'scroll (↑ ↓ too)' },
  { keys: 'r', what: "a task: read it again (also after an error); a run's event: reply to that step in the run's thread" },
  { keys: 'Esc', what: 'back to the list' },
];
