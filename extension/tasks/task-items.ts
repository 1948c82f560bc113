// Task rows, groups and filters (vscode-free; tasks-tree.ts maps them onto TreeItems).
import { OPEN_TASK_STATUSES, parsePullRequestUrl, TASK_PRIORITY_NAMES, TASK_STATUSES, type TaskKind, type TaskPriority, type TaskRow, type TaskStatus, type TasksQuery } from '../../shared/index';
import { taskContextValue } from '../context-values';
import { l10n } from '../l10n';

export type TaskGrouping = 'status' | 'epic';

export interface TaskFilters {
  mine?: boolean;
  epicId?: string;
  channelId?: string;
  kind?: TaskKind;
  text?: string;
}

export interface TaskGroup {
  key: string;
  label: string;
  tasks: TaskRow[];
  /** Open groups start expanded; done and canceled start collapsed. */
  expanded: boolean;
  /** The epic's id when grouped by epic (null: "No epic"). */
  epicId?: string | null;
}

/** A status as the person reads it (a function: the words are looked up once l10n.t is handed over). */
export function statusLabel(status: TaskStatus): string {
  switch (status) {
    case 'backlog':
      return l10n.t('Backlog');
    case 'todo':
      return l10n.t('To do');
    case 'doing':
      return l10n.t('Doing');
    case 'in_review':
      return l10n.t('In review');
    case 'done':
      return l10n.t('Done');
    case 'canceled':
      return l10n.t('Canceled');
  }
}

/** Codicon per priority (0 none … 1 urgent). */
export const PRIORITY_ICONS: Record<TaskPriority, string> = {
  0: 'circle-outline',
  1: 'flame',
  2: 'arrow-up',
  3: 'arrow-right',
  4: 'arrow-down',
};

export interface TaskRowModel {
  id: string;
  label: string;
  description: string;
  tooltip: string;
  icon: string;
  /** `task` or `task:pr` (has a linked pull request). */
  contextValue: string;
}

/** `PR #42` for a recognised pull request, else `PR` (any other linked URL). */
export function prShortLabel(prUrl: string): string {
  const pr = parsePullRequestUrl(prUrl);
  return pr ? `PR #${pr.number}` : 'PR';
}

export interface TaskRowContext {
  epicTitle?: string;
  /** Rows under status groups leave the status out of the description (the group says it). */
  grouping?: TaskGrouping;
  /** The assignee's name when known ("you" for yourself). */
  assigneeName?: string;
}

export function taskRowModel(task: TaskRow, context: TaskRowContext = {}): TaskRowModel {
  const { epicTitle, grouping, assigneeName } = context;
  const epic = task.kind === 'epic';
  const parts: string[] = [];
  if (epic) parts.push(l10n.t('Epic'));
  if (grouping !== 'status') parts.push(statusLabel(task.status));
  if (assigneeName) parts.push(assigneeName);
  if (task.priority !== 0) parts.push(TASK_PRIORITY_NAMES[task.priority]);
  if (task.pr_url) parts.push(prShortLabel(task.pr_url));
  if (task.labels.length) parts.push(task.labels.join(', '));
  const assigned = task.assignee_user_id || task.assignee_agent_id;
  return {
    id: task.id,
    label: `${task.ref} ${task.title}`,
    description: parts.join(' · '),
    tooltip: [
      `${task.ref} ${task.title}`,
      epic
        ? l10n.t('Epic · {0} · priority {1}', statusLabel(task.status), TASK_PRIORITY_NAMES[task.priority])
        : l10n.t('Task · {0} · priority {1}', statusLabel(task.status), TASK_PRIORITY_NAMES[task.priority]),
      epicTitle ? l10n.t('Epic: {0}', epicTitle) : '',
      !assigned ? l10n.t('Unassigned') : assigneeName !== undefined ? l10n.t('Assigned to {0}', assigneeName) : l10n.t("Assigned to someone not in this task's channel"),
      task.pr_url ? l10n.t('Pull request: {0}', task.pr_url) : '',
    ]
      .filter(Boolean)
      .join('\n'),
    // Epics look like epics; tasks show their priority.
    icon: epic ? 'milestone' : PRIORITY_ICONS[task.priority],
    contextValue: taskContextValue({ hasPullRequest: Boolean(task.pr_url) }),
  };
}

/** The server-side part of the filters (no limit: the tree asks each status at the service's most, shared/lists). */
export function tasksQuery(filters: TaskFilters): TasksQuery {
  const q: TasksQuery = {};
  if (filters.mine) q.assignee = 'me';
  if (filters.epicId) q.epic_id = filters.epicId;
  if (filters.channelId) q.channel_id = filters.channelId;
  if (filters.kind) q.kind = filters.kind;
  if (filters.text?.trim()) q.q = filters.text.trim();
  return q;
}

export function hasFilters(filters: TaskFilters): boolean {
  return Boolean(filters.mine || filters.epicId || filters.channelId || filters.kind || filters.text?.trim());
}

/** `names.channel` is the channel's room label (`#general`, `@Bob`). */
export function describeFilters(filters: TaskFilters, names: { epic?: string; channel?: string } = {}): string {
  const parts: string[] = [];
  if (filters.mine) parts.push(l10n.t('mine'));
  if (filters.epicId) parts.push(l10n.t('epic {0}', names.epic ?? filters.epicId));
  if (filters.channelId) parts.push(names.channel ?? `#${filters.channelId}`);
  if (filters.kind) parts.push(filters.kind === 'epic' ? l10n.t('epics') : l10n.t('tasks'));
  if (filters.text?.trim()) parts.push(`"${filters.text.trim()}"`);
  return parts.join(', ');
}

const byNumber = (a: TaskRow, b: TaskRow) => a.number - b.number;
/** Urgent first, none last; then by number. */
const byPriority = (a: TaskRow, b: TaskRow) => (a.priority === 0 ? 5 : a.priority) - (b.priority === 0 ? 5 : b.priority) || a.number - b.number;

export function groupTasks(tasks: readonly TaskRow[], grouping: TaskGrouping): TaskGroup[] {
  if (grouping === 'status') {
    return TASK_STATUSES.map((status) => ({
      key: `status:${status}`,
      label: statusLabel(status),
      tasks: tasks.filter((t) => t.status === status).sort(byPriority),
      expanded: OPEN_TASK_STATUSES.includes(status),
    })).filter((g) => g.tasks.length > 0);
  }
  const epics = tasks.filter((t) => t.kind === 'epic').sort(byNumber);
  const groups: TaskGroup[] = epics.map((epic) => ({
    key: `epic:${epic.id}`,
    label: `${epic.ref} ${epic.title}`,
    tasks: tasks.filter((t) => t.kind !== 'epic' && t.epic_id === epic.id).sort(byPriority),
    expanded: OPEN_TASK_STATUSES.includes(epic.status),
    epicId: epic.id,
  }));
  const epicIds = new Set(epics.map((e) => e.id));
  const loose = tasks.filter((t) => t.kind !== 'epic' && (t.epic_id === null || !epicIds.has(t.epic_id))).sort(byPriority);
  if (loose.length > 0) groups.push({ key: 'epic:none', label: l10n.t('No epic'), tasks: loose, expanded: true, epicId: null });
  return groups;
}
