/** Which task a PR command acts on: a Tasks tree node (`{kind:'task', task}`), a task row, `{ref}` / `{taskId}`, or a `T-n` / id string. */
export function taskIdOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg.trim() || undefined;
  if (typeof arg !== 'object' || arg === null) return undefined;
  const record = arg as Record<string, unknown>;
  if (typeof record.task === 'object' && record.task !== null) return taskIdOf(record.task);
  for (const key of ['ref', 'taskId', 'id']) {
    const v = record[key];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return undefined;
}

/** Status bar text for the branch's task: `$(tasklist) T-3 Write deploy docs · todo`, the title cut to stay short. */
export function branchTaskLabel(task: { ref: string; title: string; status: string }, max = 40): string {
  const title = task.title.length > max ? `${task.title.slice(0, max - 1)}…` : task.title;
  return `$(tasklist) ${task.ref} ${title} · ${task.status.replace('_', ' ')}`;
}
