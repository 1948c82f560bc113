import { describe, expect, it } from 'vitest';
import type { TaskRow } from '../../../shared';
import { describeFilters, groupTasks, hasFilters, taskRowModel, tasksQuery } from '../../../extension/tasks/task-items';

const task = (over: Partial<TaskRow>): TaskRow => ({
  id: 't1',
  number: 1,
  ref: 'T-1',
  title: 'Fix it',
  kind: 'task',
  status: 'todo',
  priority: 0,
  epic_id: null,
  channel_id: null,
  labels: [],
  assignee_user_id: null,
  assignee_agent_id: null,
  pr_url: null,
  updated_at: '2026-01-01T00:00:00.000000Z',
  ...over,
});

describe('task rows', () => {
  it('labels carry the T-ref; icons follow priority; a PR changes the context value', () => {
    const row = taskRowModel(task({ priority: 1, labels: ['bug'], pr_url: 'https://github.com/o/r/pull/3' }), { epicTitle: 'Search revamp' });
    expect(row.label).toBe('T-1 Fix it');
    expect(row.icon).toBe('flame');
    expect(row.description).toBe('To do · urgent · PR #3 · bug');
    expect(taskRowModel(task({ pr_url: 'https://github.com/o/r/compare/x?expand=1' })).description).toBe('To do · PR');
    expect(row.contextValue).toBe('task:pr');
    expect(row.tooltip).toContain('Epic: Search revamp');
    expect(taskRowModel(task({})).contextValue).toBe('task');
    expect(taskRowModel(task({ priority: 4 })).icon).toBe('arrow-down');
  });

  it('under a status group: no repeated status, the assignee named, medium an arrow, epics their own icon', () => {
    const row = taskRowModel(task({ priority: 3, assignee_user_id: 'u1' }), { grouping: 'status', assigneeName: 'Bob B' });
    expect(row.description).toBe('Bob B · medium');
    expect(row.tooltip).toContain('Assigned to Bob B');
    expect(row.icon).toBe('arrow-right');
    expect(taskRowModel(task({}), { grouping: 'epic' }).description).toBe('To do');
    const epic = taskRowModel(task({ kind: 'epic', priority: 2 }), { grouping: 'status' });
    expect(epic.icon).toBe('milestone');
    expect(epic.description).toBe('Epic · high');
  });

  it('groups by status in workflow order, urgent first, done collapsed, empty groups left out', () => {
    const groups = groupTasks(
      [
        task({ id: 'a', number: 1, status: 'done' }),
        task({ id: 'b', number: 2, status: 'todo', priority: 3 }),
        task({ id: 'c', number: 3, status: 'todo', priority: 1 }),
        task({ id: 'd', number: 4, status: 'todo', priority: 0 }),
      ],
      'status',
    );
    expect(groups.map((g) => [g.label, g.expanded])).toEqual([
      ['To do', true],
      ['Done', false],
    ]);
    expect(groups[0]?.tasks.map((t) => t.id)).toEqual(['c', 'b', 'd']);
  });

  it('groups by epic with a "No epic" group for the rest', () => {
    const groups = groupTasks(
      [
        task({ id: 'e', number: 10, ref: 'T-10', kind: 'epic', title: 'Search', status: 'doing' }),
        task({ id: 'a', number: 1, epic_id: 'e' }),
        task({ id: 'b', number: 2, epic_id: null }),
        task({ id: 'c', number: 3, epic_id: 'gone' }),
      ],
      'epic',
    );
    expect(groups.map((g) => [g.label, g.epicId, g.tasks.map((t) => t.id)])).toEqual([
      ['T-10 Search', 'e', ['a']],
      ['No epic', null, ['b', 'c']],
    ]);
  });

  it('turns filters into the service query and a short description', () => {
    const filters = { mine: true, epicId: 'e', channelId: 'c', kind: 'task' as const, text: '  ranking ' };
    expect(tasksQuery(filters)).toEqual({ assignee: 'me', epic_id: 'e', channel_id: 'c', kind: 'task', q: 'ranking' });
    expect(hasFilters(filters)).toBe(true);
    expect(hasFilters({ text: '  ' })).toBe(false);
    expect(describeFilters(filters, { epic: 'Search', channel: '#general' })).toBe('mine, epic Search, #general, tasks, "ranking"');
    expect(tasksQuery({})).toEqual({});
  });
});
