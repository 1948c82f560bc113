import {
  PATHS,
  type CreateTaskInput,
  type CreateTaskResult,
  type PatchTaskInput,
  type PatchTaskResult,
  type TaskRow,
  type TasksQuery,
} from '../contract';
import type { Executor } from '../http/executor';
import type { CallOptions } from '../http/types';
import { checkResponse } from '../validate/check';

export async function tasks(api: Executor, q: TasksQuery = {}, opts?: CallOptions): Promise<TaskRow[]> {
  const path = PATHS.tasks();
  const query = {
    status: q.status,
    assignee: q.assignee,
    epic_id: q.epic_id,
    channel_id: q.channel_id,
    kind: q.kind,
    q: q.q,
    limit: q.limit,
  };
  const rows = (await checkResponse('TasksResponse', api.send({ method: 'GET', path, query, opts }), path, { logger: api.logger })).tasks;
  // The T-ref is `T-<number>` (spec); a service that leaves it out still gets one.
  return rows.map((t) => (t.ref !== '' ? t : { ...t, ref: `T-${t.number}` }));
}

export async function createTask(api: Executor, input: CreateTaskInput, opts?: CallOptions): Promise<CreateTaskResult> {
  const path = PATHS.tasks();
  const created = await checkResponse('CreateTaskResult', api.send({ method: 'POST', path, body: input, opts }), path, { method: 'POST', logger: api.logger });
  return created.ref !== '' ? created : { ...created, ref: `T-${created.number}` };
}

export function patchTask(api: Executor, idOrRef: string, patch: PatchTaskInput, opts?: CallOptions): Promise<PatchTaskResult> {
  return api.send({ method: 'PATCH', path: PATHS.task(idOrRef), body: patch, opts });
}
