// A task pane's own key as a pure function: r reads the task again (the help's "a task: read it
// again"); scrolling is the text pane's, and every other key means nothing here.
import { describe, expect, it } from 'vitest';
import { taskKeyAction } from '../../../tui/keys/task-key-map';

describe('taskKeyAction', () => {
  it('r reads the task again', () => {
    expect(taskKeyAction('r')).toEqual({ kind: 'reload' });
  });

  it('other keys mean nothing', () => {
    for (const input of ['R', 'e', 's', 'j', ' ', '']) expect(taskKeyAction(input)).toBeNull();
  });
});
