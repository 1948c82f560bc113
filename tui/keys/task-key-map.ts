// A task pane's own key as a binding and a pure map (unit-tested without a screen): r reads the task
// again, also after an error; it scrolls with ScrollingText's keys. The details' help line says it
// (run-key-map.ts's DETAILS_KEYS: one r for a task and a run's event).
import { boundAction, type KeyBinding, type KeyFlags } from './key-binding';

export type TaskKeyAction = { kind: 'reload' };

export const TASK_KEYS: readonly KeyBinding<'reload'>[] = [{ keys: ['r'], action: 'reload' }];

export function taskKeyAction(input: string, key: KeyFlags = {}): TaskKeyAction | null {
  // With Ctrl held it is the whole screen's retry (Ctrl+R), not this r (a character never matches with Ctrl or Alt).
  return boundAction(TASK_KEYS, input, key) === 'reload' ? { kind: 'reload' } : null;
}
