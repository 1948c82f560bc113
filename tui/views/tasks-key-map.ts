// The Tasks view's keys as a pure map from a key to what it asks for (unit-tested without a screen).
// In the board, h/l and ←/→ move between columns, so l links a pull request only in the list.
import type { Key } from 'ink';

export type TasksKeyAction =
  | { kind: 'move'; by: number }
  | { kind: 'column'; by: -1 | 1 }
  | { kind: 'toggle-board' }
  | { kind: 'reload' }
  | { kind: 'filter' }
  | { kind: 'create' }
  | { kind: 'status' }
  | { kind: 'priority' }
  | { kind: 'assign' }
  | { kind: 'note' }
  | { kind: 'link-pr' }
  | { kind: 'details' };

export type TasksKey = Pick<Key, 'upArrow' | 'downArrow' | 'leftArrow' | 'rightArrow' | 'pageUp' | 'pageDown' | 'return'>;

export interface TasksKeyState {
  board: boolean;
  /** A task is selected (the actions on one task need it). */
  hasTask: boolean;
}

const TASK_KEYS: ReadonlyMap<string, TasksKeyAction> = new Map([
  ['s', { kind: 'status' }],
  ['p', { kind: 'priority' }],
  ['a', { kind: 'assign' }],
  ['N', { kind: 'note' }],
  ['l', { kind: 'link-pr' }],
]);

export function tasksKeyAction(input: string, key: TasksKey, state: TasksKeyState): TasksKeyAction | null {
  if (key.downArrow || input === 'j') return { kind: 'move', by: 1 };
  if (key.upArrow || input === 'k') return { kind: 'move', by: -1 };
  if (key.pageDown) return { kind: 'move', by: 10 };
  if (key.pageUp) return { kind: 'move', by: -10 };
  // The ends of a long list (the last row of a cut one is "More… narrow or search").
  if (input === 'G') return { kind: 'move', by: Number.MAX_SAFE_INTEGER };
  if (input === 'g') return { kind: 'move', by: -Number.MAX_SAFE_INTEGER };
  if (state.board && (key.leftArrow || input === 'h')) return { kind: 'column', by: -1 };
  if (state.board && (key.rightArrow || input === 'l')) return { kind: 'column', by: 1 };
  if (input === 'b') return { kind: 'toggle-board' };
  if (input === 'r') return { kind: 'reload' };
  if (input === 'f') return { kind: 'filter' };
  if (input === 'n') return { kind: 'create' };
  if (!state.hasTask) return null;
  const onTask = TASK_KEYS.get(input);
  if (onTask) return onTask;
  return key.return ? { kind: 'details' } : null;
}
