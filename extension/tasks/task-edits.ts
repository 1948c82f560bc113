/**
 * The Tasks tree's inline edits without vscode: status, priority, assignee (the shared choice of me,
 * nobody or a channel member) and a note, each asked and turned into the patch to send, or undefined
 * when cancelled or nothing changes.
 */
import { assigneeOptions, TASK_PRIORITY_NAMES, TASK_STATUSES, type Member, type PatchTaskInput, type TaskPriority, type TaskRow } from '../../shared/index';
import { statusLabel } from './task-items';
import type { Questions } from '../questions';
import { l10n } from '../l10n';

export interface TaskEdit {
  patch: PatchTaskInput;
  /** What a failure says, one localised sentence: "Could not set the status of T-12". */
  headline: string;
}

const current = (yes: boolean) => (yes ? l10n.t('current') : undefined);
const PRIORITY_ORDER: TaskPriority[] = [1, 2, 3, 4, 0];
const ASSIGNEE_ICONS = { me: '$(person)', nobody: '$(circle-slash)', person: '$(account)', agent: '$(hubot)' } as const;

export async function chooseStatus(task: TaskRow, ask: Questions): Promise<TaskEdit | undefined> {
  const pick = await ask.pick(
    TASK_STATUSES.map((s) => ({ label: statusLabel(s), description: current(s === task.status), status: s })),
    l10n.t('Status of {0}', task.ref),
  );
  return pick && pick.status !== task.status ? { patch: { status: pick.status }, headline: l10n.t('Could not set the status of {0}', task.ref) } : undefined;
}

export async function choosePriority(task: TaskRow, ask: Questions): Promise<TaskEdit | undefined> {
  const pick = await ask.pick(
    PRIORITY_ORDER.map((p) => ({ label: TASK_PRIORITY_NAMES[p], description: current(p === task.priority), priority: p })),
    l10n.t('Priority of {0}', task.ref),
  );
  return pick && pick.priority !== task.priority ? { patch: { priority: pick.priority }, headline: l10n.t('Could not set the priority of {0}', task.ref) } : undefined;
}

/** `members` are the task's channel's ([] without one); `me` is null when who I am is not known. */
export async function chooseAssignee(task: TaskRow, ask: Questions, members: readonly Member[], me: { userId: string; name: string } | null): Promise<TaskEdit | undefined> {
  const items = assigneeOptions(task, members, me).map((o) => ({
    label: `${ASSIGNEE_ICONS[o.kind]} ${o.kind === 'me' ? l10n.t('Me') : o.kind === 'nobody' ? l10n.t('Unassigned') : o.label}`,
    description: [o.handle ? `@${o.handle}` : '', o.current ? l10n.t('current') : ''].filter(Boolean).join(' · ') || undefined,
    option: o,
  }));
  const pick = await ask.pick(items, l10n.t('Assign {0}', task.ref));
  return pick ? { patch: pick.option.patch, headline: l10n.t('Could not set the assignee of {0}', task.ref) } : undefined;
}

export async function askNote(task: TaskRow, ask: Questions): Promise<TaskEdit | undefined> {
  const note = await ask.text({ title: l10n.t('Note for {0}', task.ref), prompt: l10n.t('Appended to the task description') });
  return note?.trim() ? { patch: { append_note: note.trim() }, headline: l10n.t('Could not append the note of {0}', task.ref) } : undefined;
}
