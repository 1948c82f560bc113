import { describe, expect, it } from 'vitest';
import type { Task } from '../../../shared';
import { firstTaskRef, taskCardText } from '../../../tui/task-card';

const task = {
  id: 't1', number: 12, ref: 'T-12', title: 'Fix login', description: '', kind: 'task', status: 'in_review', priority: 2, epic_id: null, channel_id: null,
  labels: [], assignee_user_id: 'u1', assignee_agent_id: null, pr_url: null, pr_number: null, repo_full_name: null, branch: null, created_at: '', updated_at: '',
} satisfies Task;

describe('the task card line', () => {
  it('takes the first ref of a message outside code and URLs', () => {
    expect(firstTaskRef('`T-1` https://x.dev/T-2 then t-3 and T-4')).toBe('T-3');
    expect(firstTaskRef('```\nT-1\n```\nnothing')).toBeNull();
  });
  it('reads title, status, priority and assignee by name', () => {
    expect(taskCardText('T-12', { kind: 'ready', task, names: { assignee: 'Maria Member (@maria)', channel: null, epic: null } })).toBe('T-12 Fix login · in review · high · Maria Member (@maria)');
    expect(taskCardText('T-12', { kind: 'ready', task: { ...task, priority: 0, assignee_user_id: null }, names: null })).toBe('T-12 Fix login · in review · unassigned');
    expect(taskCardText('T-9', { kind: 'missing' })).toBe('T-9: no such task that you can read');
  });
});
