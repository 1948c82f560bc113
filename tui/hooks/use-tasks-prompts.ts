// What the Tasks view's keys open: the filter and new-task prompts, and for the selected task the
// status, priority and assignee pickers, the note prompt, the pull-request link prompt (the shared
// plan, suggested from the current git branch).
import {
  TASK_PRIORITY_NAMES,
  TASK_STATUSES,
  assigneeOptions,
  branchFacts,
  planPrLink,
  type AssigneeOption,
  type BranchFacts,
  type TaskPriority,
  type TaskRow,
  type TaskStatus, authorLabel } from '../../shared/index';
import { readGitContext } from '../../term/git';
import { safeLine } from '../format';
import { formatTaskFilter, parseTaskFilter } from '../task-filter';
import { useUi } from '../ui-context';
import type { TasksData } from './use-tasks';

export interface TasksPrompts {
  filter(onApplied: () => void): void;
  create(): void;
  /** `onChanged`: after the status is saved (the board follows the card to its column). */
  status(task: TaskRow, onChanged?: (status: TaskStatus) => void): void;
  priority(task: TaskRow): void;
  assign(task: TaskRow): Promise<void>;
  note(task: TaskRow): void;
  linkPr(task: TaskRow): Promise<void>;
}

const FILTER_HINT = 'mine · epic:T-1 · channel:name · kind:task|epic · status:doing · free text; empty clears';
const PRIORITIES: TaskPriority[] = [0, 1, 2, 3, 4];

function assigneeLabel(option: AssigneeOption): string {
  return safeLine(authorLabel({ name: option.label, kind: option.kind }));
}

/** The link prompt's hint: the branch, the task it names (warned when it is another) and where to open a PR. */
export function prLinkHint(task: { ref: string }, facts: BranchFacts | null): string {
  if (facts === null) return 'Paste the pull request address; leave empty to unlink.';
  const names = facts.taskRef ? ` (${facts.taskRef})${facts.namesTask ? '' : ` — not ${task.ref}!`}` : '';
  return `On branch ${safeLine(facts.branch)}${names}${facts.openPrUrl ? ` · open one: ${facts.openPrUrl}` : ''}`;
}

export function useTasksPrompts(data: TasksData): TasksPrompts {
  const ui = useUi();
  return {
    filter(onApplied) {
      ui.openPrompt({
        title: 'Filter tasks',
        initial: formatTaskFilter(data.filter),
        hint: FILTER_HINT,
        onSubmit: (v) => {
          data.setFilter(parseTaskFilter(v));
          onApplied();
        },
      });
    },
    create() {
      ui.openPrompt({ title: 'New task title', onSubmit: async (title) => (title.trim() === '' ? undefined : data.create(title.trim())) });
    },
    status(task, onChanged) {
      ui.openPicker({
        title: `Status of ${task.ref}`,
        options: TASK_STATUSES.map((s) => ({ label: s, value: s })),
        selected: TASK_STATUSES.indexOf(task.status),
        onPick: async (status) => {
          if (await data.patch(task, { status }, `status ${status}`)) onChanged?.(status);
        },
      });
    },
    priority(task) {
      ui.openPicker({
        title: `Priority of ${task.ref}`,
        // The same numbers as `wsc task update --priority` (0 none, 1 urgent … 4 low).
        options: PRIORITIES.map((p) => ({ label: TASK_PRIORITY_NAMES[p], value: p, key: String(p) })),
        selected: task.priority,
        onPick: (priority) => data.patch(task, { priority }, `priority ${TASK_PRIORITY_NAMES[priority]}`),
      });
    },
    async assign(task) {
      const options = assigneeOptions(task, await data.members(task), { userId: ui.me.userId, name: ui.me.name });
      ui.openPicker({
        title: `Assign ${task.ref} to`,
        options: options.map((o) => ({ label: assigneeLabel(o), value: o })),
        onPick: (o) => data.patch(task, o.patch, safeLine(o.outcome)),
      });
    },
    note(task) {
      ui.openPrompt({ title: `Note for ${task.ref}`, onSubmit: (note) => (note.trim() ? data.patch(task, { append_note: note.trim() }, 'note added') : undefined) });
    },
    async linkPr(task) {
      const git = await readGitContext(ui.cwd);
      ui.openPrompt({
        title: `Pull request of ${task.ref}`,
        initial: task.pr_url ?? '',
        hint: prLinkHint(task, branchFacts(task, git)),
        onSubmit: async (value) => {
          const plan = planPrLink(value, task, git);
          if (plan.kind === 'invalid') return ui.showError(Object.assign(new Error(plan.message), { hint: plan.hint }));
          return data.patch(task, plan.patch, plan.kind === 'link' ? `linked ${plan.url}` : 'pull request unlinked');
        },
      });
    },
  };
}
