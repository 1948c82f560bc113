// "Start work on a task", decided the same way in every face: the branch named from the task, the
// status moved to doing, and the task assigned to me when nobody has it.
import type { PatchTaskInput, TaskStatus } from '../contract';
import { branchNameFor, DEFAULT_BRANCH_PATTERN, isValidBranchName } from './task-ref';

export interface StartWorkTask {
  ref: string;
  title: string;
  status: TaskStatus;
  assignee_user_id: string | null;
  assignee_agent_id: string | null;
}

export type StartWorkAssignment = 'assign-to-me' | 'already-mine' | 'someone-else' | 'me-unknown';

export interface StartWorkPlan {
  branch: string;
  /** The patch to send ({} when nothing changes): status doing, and me as assignee when unassigned. */
  patch: PatchTaskInput;
  /** Whether the status changes to doing (it was not). */
  toDoing: boolean;
  assignment: StartWorkAssignment;
}

export type StartWorkPlanResult = { ok: true; plan: StartWorkPlan } | { ok: false; message: string; hint: string };

/**
 * The plan for `task`. `pattern` may use {ref}, {number} and {slug} ('' = the default); `me` is my
 * user id (null when unknown: no assignment).
 */
export function planStartWork(task: StartWorkTask, options: { pattern?: string; me: string | null }): StartWorkPlanResult {
  const pattern = options.pattern?.trim() || DEFAULT_BRANCH_PATTERN;
  const branch = branchNameFor(task, pattern);
  if (!isValidBranchName(branch)) {
    return { ok: false, message: `'${branch}' is not a valid branch name.`, hint: `Check the branch pattern '${pattern}' (default ${DEFAULT_BRANCH_PATTERN}).` };
  }
  const toDoing = task.status !== 'doing';
  const unassigned = task.assignee_user_id === null && task.assignee_agent_id === null;
  const assignment: StartWorkAssignment =
    options.me === null ? 'me-unknown' : task.assignee_user_id === options.me ? 'already-mine' : unassigned ? 'assign-to-me' : 'someone-else';
  const patch: PatchTaskInput = {};
  if (toDoing) patch.status = 'doing';
  if (assignment === 'assign-to-me' && options.me !== null) {
    patch.assignee_user_id = options.me;
    patch.assignee_agent_id = null;
  }
  return { ok: true, plan: { branch, patch, toDoing, assignment } };
}
