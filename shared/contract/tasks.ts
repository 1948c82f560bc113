// Tasks and epics.

export const TASK_STATUSES = ['backlog', 'todo', 'doing', 'in_review', 'done', 'canceled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const OPEN_TASK_STATUSES: readonly TaskStatus[] = ['backlog', 'todo', 'doing', 'in_review'];

export const TASK_KINDS = ['task', 'epic'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** 0 none, 1 urgent, 2 high, 3 medium, 4 low. */
export type TaskPriority = 0 | 1 | 2 | 3 | 4;
export const TASK_PRIORITY_NAMES: Record<TaskPriority, string> = {
  0: 'none',
  1: 'urgent',
  2: 'high',
  3: 'medium',
  4: 'low',
};

export interface Task {
  id: string;
  number: number;
  /** `T-<number>`. */
  ref: string;
  title: string;
  description: string;
  kind: TaskKind;
  status: TaskStatus;
  priority: TaskPriority;
  epic_id: string | null;
  channel_id: string | null;
  labels: string[];
  assignee_user_id: string | null;
  assignee_agent_id: string | null;
  pr_url: string | null;
  pr_number: number | null;
  repo_full_name: string | null;
  branch: string | null;
  created_at: string;
  updated_at: string;
}

export type TaskRow = Omit<Task, 'description' | 'pr_number' | 'repo_full_name' | 'branch' | 'created_at'>;

export interface TasksResponse {
  tasks: TaskRow[];
}

export interface TasksQuery {
  status?: TaskStatus;
  /** 'me' or a user or agent id. */
  assignee?: string;
  epic_id?: string;
  channel_id?: string;
  kind?: TaskKind;
  q?: string;
  limit?: number;
}

export interface CreateTaskInput {
  title: string;
  description?: string;
  kind?: TaskKind;
  status?: TaskStatus;
  priority?: TaskPriority;
  epic_id?: string;
  channel_id?: string;
  labels?: string[];
}

export interface CreateTaskResult {
  id: string;
  number: number;
  ref: string;
}

export interface PatchTaskInput {
  title?: string;
  description?: string;
  kind?: TaskKind;
  status?: TaskStatus;
  priority?: TaskPriority;
  epic_id?: string | null;
  channel_id?: string | null;
  labels?: string[];
  append_note?: string;
  assignee_agent_id?: string | null;
  assignee_user_id?: string | null;
  /** Full http(s) URL; '' unlinks; anything else is refused and the link is kept. */
  pr_url?: string;
  pr_number?: number | null;
  repo_full_name?: string | null;
  branch?: string | null;
}

export interface PatchTaskResult {
  ok: true;
  number: number;
  ref: string;
}

export const TASK_REF_PATTERN = /^T-(\d+)$/;
export function taskRef(number: number): string {
  return `T-${number}`;
}
