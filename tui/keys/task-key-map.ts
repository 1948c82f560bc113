// A task pane's own key as a pure map (unit-tested without a screen): r reads the task again, also
// after an error; it scrolls with ScrollingText's keys.
export type TaskKeyAction = { kind: 'reload' };

export function taskKeyAction(input: string, key: { ctrl?: boolean; meta?: boolean } = {}): TaskKeyAction | null {
  // With Ctrl held it is the whole screen's retry (Ctrl+R), not this r.
  return input === 'r' && key.ctrl !== true && key.meta !== true ? { kind: 'reload' } : null;
}
