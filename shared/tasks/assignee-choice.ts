/**
 * Who a task can be assigned to, asked the same way in every face: me, nobody, or a member of the
 * task's channel (a person or an agent), each with the patch that sets it and the words that say so.
 * A person goes in assignee_user_id, an agent in assignee_agent_id; the other is always cleared so a
 * task never has two assignees.
 */
import type { Member, PatchTaskInput } from '../contract';

export interface AssigneePatch extends PatchTaskInput {
  assignee_user_id: string | null;
  assignee_agent_id: string | null;
}

export interface AssigneeOption {
  kind: 'me' | 'nobody' | 'person' | 'agent';
  /** The words to list: `me (Maria Member)`, `nobody`, or the member's name. */
  label: string;
  /** The member's @handle (members only). */
  handle?: string;
  /** It is the task's assignee now. */
  current: boolean;
  patch: AssigneePatch;
  /** What happened, once sent: `assigned to me`, `unassigned`, `assigned to Olivia`. */
  outcome: string;
}

export interface AssigneeTask {
  assignee_user_id: string | null;
  assignee_agent_id: string | null;
}

/**
 * The choices for `task`: me first (when who I am is known), nobody, then the members other than me
 * in the order given.
 */
export function assigneeOptions(task: AssigneeTask, members: readonly Member[], me: { userId: string; name: string } | null): AssigneeOption[] {
  const options: AssigneeOption[] = [];
  if (me) {
    options.push({
      kind: 'me',
      label: `me (${me.name})`,
      current: task.assignee_user_id === me.userId,
      patch: { assignee_user_id: me.userId, assignee_agent_id: null },
      outcome: 'assigned to me',
    });
  }
  options.push({
    kind: 'nobody',
    label: 'nobody',
    current: task.assignee_user_id === null && task.assignee_agent_id === null,
    patch: { assignee_user_id: null, assignee_agent_id: null },
    outcome: 'unassigned',
  });
  for (const m of members) {
    if (me && m.id === me.userId) continue;
    const agent = m.kind === 'agent';
    options.push({
      kind: m.kind,
      label: m.name,
      handle: m.handle,
      current: agent ? task.assignee_agent_id === m.id : task.assignee_user_id === m.id,
      patch: agent ? { assignee_user_id: null, assignee_agent_id: m.id } : { assignee_user_id: m.id, assignee_agent_id: null },
      outcome: `assigned to ${m.name}`,
    });
  }
  return options;
}
