/**
 * Who a task can be assigned to, asked the same way in every face: me, nobody, or a member of the
 * task's channel (a person or an agent), each with the patch that sets it and the words that say so.
 * A person goes in assignee_user_id, an agent in assignee_agent_id; the other is always cleared so a
 * task never has two assignees.
 */
import { matchPeople, personQuery } from '../channels/people';
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
      patch: assigneePatch({ kind: 'person', id: me.userId }),
      outcome: 'assigned to me',
    });
  }
  options.push({
    kind: 'nobody',
    label: 'nobody',
    current: task.assignee_user_id === null && task.assignee_agent_id === null,
    patch: assigneePatch({ kind: 'nobody' }),
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
      patch: assigneePatch(assigneeTargetOf(m)),
      outcome: `assigned to ${m.name}`,
    });
  }
  return options;
}

/** Who a task is assigned to, however it was chosen (a list, a command line): nobody, a person's id, or an agent's id. */
export type AssigneeTarget = { kind: 'nobody' } | { kind: 'person'; id: string } | { kind: 'agent'; id: string };

/** The patch that assigns the task to `target` and clears the other assignee field. */
export function assigneePatch(target: AssigneeTarget): AssigneePatch {
  if (target.kind === 'nobody') return { assignee_user_id: null, assignee_agent_id: null };
  return target.kind === 'agent' ? { assignee_user_id: null, assignee_agent_id: target.id } : { assignee_user_id: target.id, assignee_agent_id: null };
}

/** A member as an assignee target: agents go in assignee_agent_id, everyone else in assignee_user_id. */
export function assigneeTargetOf(member: Pick<Member, 'id' | 'kind'>): AssigneeTarget {
  return member.kind === 'agent' ? { kind: 'agent', id: member.id } : { kind: 'person', id: member.id };
}

/** What an assignee given as text (`me`, `none`, `@handle`, a name or an id) resolves to. */
export type AssigneeResolution =
  | { ok: true; target: AssigneeTarget }
  /** nobody: no member is called that; ambiguous: several are; wrong-kind: a person where an agent was asked for, or the reverse. */
  | { ok: false; reason: 'nobody' | 'ambiguous' | 'wrong-kind'; matches: Member[] };

/** Whether resolving `value` needs the member list (names, and ids whose kind is to be told). */
export function assigneeNeedsPeople(value: string): boolean {
  const v = value.trim();
  return v !== 'none' && v !== '' && personQuery(v).kind !== 'me';
}

/**
 * The same forms `task list --assignee` takes (`me|@handle|name|id`), plus `none`, as the patch
 * target. `only` restricts it to a person or an agent (the explicit --assignee-user/-agent fields);
 * an id nobody listed is taken as that kind, or a person.
 */
export function resolveAssignee(value: string, people: readonly Member[], me: { userId: string } | null, only?: 'person' | 'agent'): AssigneeResolution {
  const v = value.trim();
  if (v === 'none' || v === '') return { ok: true, target: { kind: 'nobody' } };
  const query = personQuery(v);
  let target: AssigneeTarget;
  if (query.kind === 'me') {
    if (!me) return { ok: false, reason: 'nobody', matches: [] };
    target = { kind: 'person', id: me.userId };
  } else if (query.kind === 'id') {
    const member = people.find((m) => m.id === query.id);
    target = member ? assigneeTargetOf(member) : { kind: only ?? 'person', id: query.id };
  } else {
    const matches = matchPeople(only ? people.filter((m) => m.kind === only) : people, query.wanted);
    if (matches.length > 1) return { ok: false, reason: 'ambiguous', matches };
    const member = matches[0] ?? (only ? matchPeople(people, query.wanted)[0] : undefined);
    if (!member) return { ok: false, reason: 'nobody', matches: [] };
    target = assigneeTargetOf(member);
  }
  if (only && target.kind !== only) return { ok: false, reason: 'wrong-kind', matches: people.filter((m) => m.id === (target as { id: string }).id) };
  return { ok: true, target };
}
