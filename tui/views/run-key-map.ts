// A run timeline's keys as a pure map from a key to what it asks for (unit-tested without a screen):
// j/k and ↑/↓ move (↑ stops following, ↓ onto the newest event follows again), G or f follows the
// newest event, Enter opens the selected event's details, r replies to the selected step in the run's thread.
import type { Key } from 'ink';

export type RunKeyAction = { kind: 'move'; by: 1 | -1; follow: boolean } | { kind: 'follow' } | { kind: 'open-event' } | { kind: 'reply-step' };

export type RunKey = Pick<Key, 'upArrow' | 'downArrow' | 'return'>;

export interface RunKeyState {
  selected: number;
  count: number;
}

export function runKeyAction(input: string, key: RunKey, state: RunKeyState): RunKeyAction | null {
  if (key.downArrow || input === 'j') return { kind: 'move', by: 1, follow: state.selected + 1 >= state.count - 1 };
  if (key.upArrow || input === 'k') return { kind: 'move', by: -1, follow: false };
  if (input === 'G' || input === 'f') return { kind: 'follow' };
  if (key.return && state.selected >= 0 && state.selected < state.count) return { kind: 'open-event' };
  if (input === 'r' && state.selected >= 0 && state.selected < state.count) return { kind: 'reply-step' };
  return null;
}

export type RunEventKeyAction = { kind: 'open-child-run' } | { kind: 'reply-step' };

/** An event's details (they scroll with ScrollingText's keys): Enter opens a child run's timeline, r replies to the step. */
export function runEventKeyAction(input: string, key: Pick<Key, 'return'>, state: { hasChildRun: boolean }): RunEventKeyAction | null {
  if (input === 'r') return { kind: 'reply-step' };
  return key.return && state.hasChildRun ? { kind: 'open-child-run' } : null;
}
