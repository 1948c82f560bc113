// Task rows <-> wire shapes, and lookups by uuid or T-<n>.
import { TASK_REF_PATTERN, taskRef, type Task, type TaskKind, type TaskPriority, type TaskRow, type TaskStatus } from '../../shared/contract';
import type { Services } from '../types';

export interface RawTask {
  id: string;
  number: number;
  title: string;
  description: string;
  kind: string;
  status: string;
  priority: number;
  epic_id: string | null;
  channel_id: string | null;
  labels: string;
  assignee_user_id: string | null;
  assignee_agent_id: string | null;
  pr_url: string | null;
  pr_number: number | null;
  repo_full_name: string | null;
  branch: string | null;
  created_at: string;
  updated_at: string;
}

export function taskFromRow(r: RawTask): Task {
  return {
    id: r.id,
    number: r.number,
    ref: taskRef(r.number),
    title: r.title,
    description: r.description,
    kind: r.kind as TaskKind,
    status: r.status as TaskStatus,
    priority: r.priority as TaskPriority,
    epic_id: r.epic_id,
    channel_id: r.channel_id,
    labels: JSON.parse(r.labels) as string[],
    assignee_user_id: r.assignee_user_id,
    assignee_agent_id: r.assignee_agent_id,
    pr_url: r.pr_url,
    pr_number: r.pr_number,
    repo_full_name: r.repo_full_name,
    branch: r.branch,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export function taskRowOf(t: Task): TaskRow {
  const { description: _d, pr_number: _n, repo_full_name: _r, branch: _b, created_at: _c, ...row } = t;
  return row;
}

/** By uuid or `T-<n>`; null when missing. */
export function findTask(svc: Services, idOrRef: string): Task | null {
  const m = TASK_REF_PATTERN.exec(idOrRef);
  const row = (m
    ? svc.db.prepare('SELECT * FROM tasks WHERE number = ?').get(Number(m[1]))
    : svc.db.prepare('SELECT * FROM tasks WHERE id = ?').get(idOrRef)) as RawTask | undefined;
  return row ? taskFromRow(row) : null;
}
