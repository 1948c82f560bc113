/**
 * My tasks changed by someone else: the tasks assigned to me as the service returns them, compared
 * with what was last seen. A change I made myself (recorded when my own PATCH succeeded, from any
 * face on this machine) is not news. The first look only takes a snapshot.
 */
import type { TaskRow } from '../contract';
import { TASK_PRIORITY_NAMES } from '../contract/values';
import type { InboxArrival } from './inbox-item';

/** The fields whose change is news, as last seen. */
export interface SeenTask {
  readonly ref: string;
  readonly id: string;
  readonly title: string;
  readonly status: string;
  readonly priority: number;
  readonly assignee_user_id: string | null;
  readonly assignee_agent_id: string | null;
  readonly pr_url: string | null;
  readonly updated_at: string;
}

/** A field value I set myself, and when (ms). */
export interface OwnTaskWrite {
  readonly fields: Readonly<Record<string, unknown>>;
  readonly at: number;
}

export type TaskSnapshot = Readonly<Record<string, SeenTask>>;

export function seenTask(t: TaskRow): SeenTask {
  return {
    ref: t.ref,
    id: t.id,
    title: t.title,
    status: t.status,
    priority: t.priority,
    assignee_user_id: t.assignee_user_id,
    assignee_agent_id: t.assignee_agent_id,
    pr_url: t.pr_url,
    updated_at: t.updated_at,
  };
}

export function taskSnapshot(rows: readonly TaskRow[]): Record<string, SeenTask> {
  return Object.fromEntries(rows.map((t) => [t.ref, seenTask(t)]));
}

const TRACKED = ['status', 'assignee_user_id', 'assignee_agent_id', 'priority', 'pr_url'] as const;
type Tracked = (typeof TRACKED)[number];

export interface TaskChangeContext {
  readonly me: string;
  /** Own writes by task ref (the latest per ref). */
  readonly ownWrites: (ref: string) => OwnTaskWrite | undefined;
  /** A person's or agent's name by id, when known. */
  readonly nameOf?: (id: string) => string | undefined;
}

/** What changed between two looks at a task, in words, without the fields I set myself. */
export function describeTaskChange(before: SeenTask, after: SeenTask, ctx: TaskChangeContext): string[] {
  const own = ctx.ownWrites(after.ref);
  const mine = (field: Tracked) => own !== undefined && field in own.fields && sameValue(own.fields[field], after[field]);
  const changed = TRACKED.filter((f) => !sameValue(before[f], after[f]) && !mine(f));
  const words: string[] = [];
  for (const field of changed) {
    switch (field) {
      case 'status':
        words.push(after.status === 'done' && after.pr_url ? 'moved to done (its pull request merged)' : `moved to ${after.status.replace('_', ' ')}`);
        break;
      case 'priority':
        words.push(`priority ${TASK_PRIORITY_NAMES[after.priority as keyof typeof TASK_PRIORITY_NAMES] ?? String(after.priority)}`);
        break;
      case 'pr_url':
        words.push(after.pr_url ? `pull request linked: ${after.pr_url}` : 'pull request unlinked');
        break;
      case 'assignee_user_id':
        if (after.assignee_user_id === ctx.me) words.push('assigned to you');
        else if (before.assignee_user_id === ctx.me) words.push(after.assignee_user_id ? `reassigned to ${ctx.nameOf?.(after.assignee_user_id) ?? 'someone else'}` : 'unassigned from you');
        else words.push(`assigned to ${after.assignee_user_id ? (ctx.nameOf?.(after.assignee_user_id) ?? 'someone else') : 'nobody'}`);
        break;
      case 'assignee_agent_id':
        words.push(after.assignee_agent_id ? `given to agent ${ctx.nameOf?.(after.assignee_agent_id) ?? after.assignee_agent_id}` : 'agent unassigned');
        break;
    }
  }
  // "moved to done" already says the merge; a pull request linked in the same change is said too.
  return words;
}

function sameValue(a: unknown, b: unknown): boolean {
  return (a ?? null) === (b ?? null);
}

export interface TaskLook {
  readonly arrivals: InboxArrival[];
  /** Tasks that left my list: ask the service about each (reassigned away, deleted). */
  readonly left: SeenTask[];
}

/** Compares this look with the last snapshot (none: the first look, only a snapshot). */
export function compareTaskLooks(previous: TaskSnapshot | undefined, now: readonly TaskRow[], ctx: TaskChangeContext): TaskLook {
  if (previous === undefined) return { arrivals: [], left: [] };
  const arrivals: InboxArrival[] = [];
  const present = new Set<string>();
  for (const row of now) {
    present.add(row.ref);
    const after = seenTask(row);
    const before = previous[row.ref];
    if (before === undefined) {
      // New in my list: assigned to me since the last look (by someone else unless I did it).
      const own = ctx.ownWrites(row.ref);
      if (own !== undefined && sameValue(own.fields.assignee_user_id, ctx.me)) continue;
      arrivals.push(taskArrival(after, ['assigned to you']));
      continue;
    }
    if (after.updated_at === before.updated_at && TRACKED.every((f) => sameValue(before[f], after[f]))) continue;
    const words = describeTaskChange(before, after, ctx);
    if (words.length > 0) arrivals.push(taskArrival(after, words));
  }
  const left = Object.values(previous).filter((t) => !present.has(t.ref));
  return { arrivals, left };
}

export function taskArrival(task: SeenTask, words: readonly string[], options: { gone?: boolean } = {}): InboxArrival {
  return {
    id: `task:${task.ref}`,
    source: 'task',
    title: `${task.ref} ${words.join(', ')}: ${task.title}`,
    where: task.ref,
    at: task.updated_at,
    target: { kind: 'task', ref: task.ref },
    taskRef: task.ref,
    ...(options.gone ? { gone: true } : {}),
  };
}
