// One task by uuid or T-ref through get_task, checked like every other answer (shared/validate):
// fields a service leaves out when null read as null, a missing id is an UnexpectedResponseError.
import { COMMANDS, PATHS, type Task } from '../contract';
import type { CallOptions } from '../http/types';
import { checkResponse } from '../validate/check';

export interface TaskActionReader {
  readAction<T>(command: string, input?: Record<string, unknown>, opts?: CallOptions): Promise<T>;
}

export async function readTask(client: TaskActionReader, idOrRef: string, opts?: CallOptions): Promise<Task> {
  const data = await client.readAction<unknown>(COMMANDS.getTask, { taskId: idOrRef }, opts);
  const { task } = await checkResponse('TaskResult', data, PATHS.action(COMMANDS.getTask), { method: 'GET' });
  return task.ref !== '' ? task : { ...task, ref: `T-${task.number}` };
}
