// A task pane's own key as a pure map (unit-tested without a screen): r reads the task again, also
// after an error; it scrolls with ScrollingText's keys.
export type TaskKeyAction = { kind: 'reload' };

export function taskKeyAction(input: string): TaskKeyAction | null {
  return input === 'r' ? { kind: 'reload' } : null;
}
