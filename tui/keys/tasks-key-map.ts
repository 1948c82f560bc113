// The Tasks view's keys as a pure map from a key to what it asks for (unit-tested without a screen).
// In the board, h/l and ←/→ move between columns, so l links a pull request only in the list.
import type { Key } from 'ink';
import { boundAction, type KeyBinding } from './key-binding';

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

export type TasksKey = Key;

export interface TasksKeyState {
  board: boolean;
  /** A task is selected (the actions on one task need it). */
  hasTask: boolean;
}

type TasksKeyName = 'down' | 'up' | 'page-down' | 'page-up' | 'last' | 'first' | 'column-left' | 'column-right' | 'toggle-board' | 'reload' | 'filter' | 'create' | 'status' | 'priority' | 'assign' | 'note' | 'link-pr' | 'details';

/** The Tasks view's keys, in the order the help lists them. */
export const TASKS_KEYS: readonly KeyBinding<TasksKeyName>[] = [
  { keys: ['b'], action: 'toggle-board', help: 'list / board by status' },
  { keys: ['h', '←'], action: 'column-left', label: 'h l  ← →', help: 'board: previous / next column (a moved card is followed)' },
  { keys: ['l', '→'], action: 'column-right' },
  { keys: ['Enter'], action: 'details', help: 'the selected task: fields by name, description and notes (Esc back)' },
  { keys: ['f'], action: 'filter', help: 'filter: mine epic:T-1 channel:name kind:task|epic status:doing free text' },
  { keys: ['g'], action: 'first', label: 'g  G', help: 'first / last row (a list that may be cut ends with "More… narrow or search": Enter filters)' },
  { keys: ['G'], action: 'last' },
  { keys: ['n'], action: 'create', help: 'new task' },
  { keys: ['s'], action: 'status', help: 'change status' },
  { keys: ['p'], action: 'priority', help: 'change priority (0 none, 1 urgent … 4 low)' },
  { keys: ['a'], action: 'assign', help: 'change the assignee' },
  { keys: ['N'], action: 'note', help: 'append a note' },
  { keys: ['l'], action: 'link-pr', help: 'list: link a pull request (suggested from the current git branch)' },
  { keys: ['r'], action: 'reload', help: 'reload' },
  { keys: ['↓', 'j'], action: 'down' },
  { keys: ['↑', 'k'], action: 'up' },
  { keys: ['PgDn'], action: 'page-down' },
  { keys: ['PgUp'], action: 'page-up' },
];

const MOVES: Partial<Record<TasksKeyName, number>> = { down: 1, up: -1, 'page-down': 10, 'page-up': -10, last: Number.MAX_SAFE_INTEGER, first: -Number.MAX_SAFE_INTEGER };
const ON_TASK: Partial<Record<TasksKeyName, TasksKeyAction>> = { status: { kind: 'status' }, priority: { kind: 'priority' }, assign: { kind: 'assign' }, note: { kind: 'note' }, 'link-pr': { kind: 'link-pr' }, details: { kind: 'details' } };

export function tasksKeyAction(input: string, key: TasksKey, state: TasksKeyState): TasksKeyAction | null {
  // In the board, h/l and ←/→ move between columns; in the list l links a pull request.
  const name = state.board ? boundAction(TASKS_KEYS, input, key) : boundAction(TASKS_KEYS.filter((b) => b.action !== 'column-left' && b.action !== 'column-right'), input, key);
  if (name === null) return null;
  const by = MOVES[name];
  // The ends of a long list (the last row of a cut one is "More… narrow or search").
  if (by !== undefined) return { kind: 'move', by };
  if (name === 'column-left' || name === 'column-right') return { kind: 'column', by: name === 'column-left' ? -1 : 1 };
  if (name === 'toggle-board' || name === 'reload' || name === 'filter' || name === 'create') return { kind: name };
  return state.hasTask ? (ON_TASK[name] ?? null) : null;
}
