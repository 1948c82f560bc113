// The task a selected message names, as one line under the message list: which ref (the first
// T-<n> of the message, not inside code or a URL) and how its card reads.
import { findReferences, TASK_PRIORITY_NAMES, type Task, type TaskNames } from '../shared/index';

/** The first task ref in a message body (Markdown), or null. */
export function firstTaskRef(body: string): string | null {
  const ref = findReferences(body, { markdown: true }).find((r) => r.kind === 'task');
  return ref?.kind === 'task' ? ref.ref : null;
}

export type TaskCardState = { kind: 'loading' } | { kind: 'ready'; task: Task; names: TaskNames | null } | { kind: 'missing' };

/** `T-12 Fix login · doing · high · Maria Member (@maria)`: title, status, priority (when set), assignee by name. */
export function taskCardText(ref: string, state: TaskCardState): string {
  if (state.kind === 'loading') return `${ref} …`;
  if (state.kind === 'missing') return `${ref}: no such task that you can read`;
  const t = state.task;
  const assignee = state.names?.assignee ?? (t.assignee_user_id || t.assignee_agent_id ? '…' : 'unassigned');
  const parts = [`${t.ref} ${t.title}`, t.status.replace('_', ' '), ...(t.priority ? [TASK_PRIORITY_NAMES[t.priority]] : []), assignee];
  return parts.join(' · ');
}
