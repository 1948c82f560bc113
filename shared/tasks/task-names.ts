// A task as people read it: the assignee, the channel and the epic by name instead of ids. The CLI's
// `task show` and the terminal UI's task pane both ask this.
import { everyone, personName, type PeopleSource } from '../channels/people';
import { TASK_PRIORITY_NAMES, type Task } from '../contract';
import type { CallOptions } from '../http/types';
import { readTask, type TaskActionReader } from './read-task';

export interface TaskNames {
  /** "Dan Developer (@dan)", or the id when the person is in none of your channels; null when unassigned. */
  assignee: string | null;
  /** "#general", or the id when the channel is not one you can read; null when none. */
  channel: string | null;
  /** "T-1 Offline mode", or the id when it cannot be read; null when none. */
  epic: string | null;
}

export type TaskNameSource = PeopleSource & TaskActionReader;

/** A task's fields as labelled rows, names in place of ids where known, empty ones left out. */
export function taskFieldRows(t: Task, names: TaskNames | null, options: { withId?: boolean } = {}): Array<[label: string, value: string]> {
  const rows: Array<[string, string | null]> = [
    ['status', t.status],
    ['priority', TASK_PRIORITY_NAMES[t.priority] ?? String(t.priority)],
    ['labels', t.labels.length ? t.labels.join(', ') : null],
    ['epic', names?.epic ?? t.epic_id],
    ['channel', names?.channel ?? t.channel_id],
    ['assignee', names?.assignee ?? t.assignee_user_id ?? t.assignee_agent_id],
    ['pull request', t.pr_url],
    ['repository', t.repo_full_name],
    ['branch', t.branch],
    ['created', t.created_at],
    ['updated', t.updated_at],
    ['id', options.withId ? t.id : null],
  ];
  return rows.filter((r): r is [string, string] => typeof r[1] === 'string' && r[1] !== '');
}

export async function taskNames(client: TaskNameSource, task: Task, opts?: CallOptions): Promise<TaskNames> {
  const assigneeId = task.assignee_user_id ?? task.assignee_agent_id;
  const [people, channels, epic] = await Promise.all([
    assigneeId ? everyone(client) : Promise.resolve([]),
    task.channel_id ? client.channels() : Promise.resolve([]),
    task.epic_id ? readTask(client, task.epic_id, opts).catch(() => null) : Promise.resolve(null),
  ]);
  const channel = channels.find((c) => c.id === task.channel_id);
  return {
    assignee: assigneeId ? personName(people, assigneeId) : null,
    channel: channel ? `#${channel.name}` : task.channel_id,
    epic: epic ? `${epic.ref} ${epic.title}` : task.epic_id,
  };
}
