// A run timeline's keys as a pure map from a key to what it asks for (unit-tested without a screen):
// j/k and ↑/↓ move (↑ stops following, ↓ onto the newest event follows again), G or f follows the
// newest event, Enter opens the selected event's details.
import type { Key } from 'ink';

export type RunKeyAction = { kind: 'move'; by: 1 | -1; follow: boolean } | { kind: 'follow' } | { kind: 'open-event' };

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
  return null;
}

export type RunEventKeyAction = { kind: 'open-child-run' };

/** An event's details (they scroll with ScrollingText's keys): Enter opens a child run's timeline. */
export function runEventKeyAction(_input: string, key: Pick<Key, 'return'>, state: { hasChildRun: boolean }): RunEventKeyAction | null {
  return key.return && state.hasChildRun ? { kind: 'open-child-run' } : null;
}
