// A task as the offline cache kept it: the whole task when it was opened before, else its row from
// the kept task list (every field but the description and the pull request details).
import type { Cached, OfflineCache } from '../offline/cache-store';
import { TaskSchema, type Task, type TaskRow } from '../contract';

/** The task's fields that may be null (the schema's unions with null): a service may leave them out. */
const NULLABLE_FIELDS = Object.entries(TaskSchema.properties as Record<string, { anyOf?: { type?: string }[] }>)
  .filter(([, schema]) => schema.anyOf?.some((branch) => branch.type === 'null'))
  .map(([name]) => name);

/** The kept answer as the client reads it: a field the service left out is null. */
function withNulls<T extends object>(value: T): T {
  const filled = { ...value } as Record<string, unknown>;
  for (const name of NULLABLE_FIELDS) filled[name] ??= null;
  return filled as T;
}

export interface KeptTask {
  readonly task: Task;
  /** false when only the list's row was kept: the description is not known. */
  readonly whole: boolean;
}

export function keptTask(cache: OfflineCache, idOrRef: string): Cached<KeptTask> | undefined {
  const whole = cache.get<Task>('task', idOrRef);
  if (whole) return { value: { task: withNulls(whole.value), whole: true }, savedAt: whole.savedAt };
  const list = cache.get<TaskRow[]>('tasks');
  const row = list?.value.find((t) => t.id === idOrRef || t.ref === idOrRef);
  if (!list || !row) return undefined;
  // What the row lacks is left empty ('' and null fields are not shown).
  const task: Task = withNulls({ ...row, description: '', pr_number: null, repo_full_name: null, branch: null, created_at: '' });
  return { value: { task, whole: false }, savedAt: list.savedAt };
}
