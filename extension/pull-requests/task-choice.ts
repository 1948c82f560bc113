// The task a pull-request command acts on: read by id or T-ref, or picked among the open tasks.
import { readTask as readSharedTask, type Client, type Task } from '../../shared/index';
import type { PrQuestions } from './pr-questions';

export type TaskReader = Pick<Client, 'readAction' | 'tasks'>;

export async function readTask(client: TaskReader, idOrRef: string): Promise<Task> {
  return readSharedTask(client, idOrRef);
}

/** Asks which open task (not done, not canceled); undefined when cancelled. */
export async function pickOpenTask(client: TaskReader, ask: PrQuestions, placeHolder: string): Promise<string | undefined> {
  const tasks = await client.tasks({ kind: 'task', limit: 200 });
  return ask.pickTask(
    tasks.filter((t) => t.status !== 'done' && t.status !== 'canceled'),
    placeHolder,
  );
}
