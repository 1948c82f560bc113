// A task as people read it: the assignee, the channel and the epic by name instead of ids. The CLI's
// `task show` and the terminal UI's task pane both ask this.
import { everyone, personName, type PeopleSource } from '../channels/people';
import type { Task } from '../contract';
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
