/**
 * wsc.startWork without vscode: the task's branch (named by the wsc.branchPattern setting), switched
 * to or created, the task moved to doing, then "assign it to me?" unless it already is mine (the
 * argument `assignToMe` answers it for scripts).
 */
import { branchNameFor, DEFAULT_BRANCH_PATTERN, isValidBranchName } from '../../shared/index';
import { WscError } from '../errors/describe-error';
import type { GitRepository } from '../git/git-api';
import { switchToBranch, type BranchSwitch } from '../git/switch-branch';
import type { PrFlowContext } from './link-flow';
import { pickOpenTask, readTask } from './task-choice';
import { taskIdOf } from './task-target';

export interface StartWorkContext extends Omit<PrFlowContext, 'git'> {
  repository: Pick<GitRepository, 'state' | 'getBranch' | 'checkout' | 'createBranch'> | undefined;
  /** The wsc.branchPattern setting ('' = the default). */
  branchPattern: string;
  /** My user id, when signed in. */
  me: string | undefined;
}

export interface StartWorkResult {
  branch: string;
  how: BranchSwitch;
  assigned: boolean;
}

export function assignToMeArg(arg: unknown): boolean | undefined {
  if (typeof arg !== 'object' || arg === null || !('assignToMe' in arg)) return undefined;
  const value = (arg as { assignToMe: unknown }).assignToMe;
  return typeof value === 'boolean' ? value : undefined;
}

const VERBS: Record<BranchSwitch, string> = { created: 'Created and switched to', switched: 'Switched to', already: 'Already on' };

export async function startWork(ctx: StartWorkContext, arg: unknown): Promise<StartWorkResult | undefined> {
  const ref = taskIdOf(arg) ?? (await pickOpenTask(ctx.client, ctx.ask, 'Start work on which task?'));
  if (!ref) return undefined;
  const task = await readTask(ctx.client, ref);
  if (!ctx.repository) {
    throw new WscError('No git repository is open.', 'Open the folder of your repository (with the Git extension enabled), then start work again.');
  }
  const branch = branchNameFor(task, ctx.branchPattern || DEFAULT_BRANCH_PATTERN);
  if (!isValidBranchName(branch)) {
    throw new WscError(`'${branch}' is not a valid branch name.`, `Check the setting wsc.branchPattern (default ${DEFAULT_BRANCH_PATTERN}).`);
  }
  const how = await switchToBranch(ctx.repository, branch);
  if (task.status !== 'doing') await ctx.client.patchTask(task.id, { status: 'doing' });
  ctx.changed();

  const mine = ctx.me !== undefined && task.assignee_user_id === ctx.me;
  let assign = assignToMeArg(arg);
  if (assign === undefined && ctx.me && !mine) {
    assign = await ctx.ask.confirm(`${VERBS[how]} ${branch}; ${task.ref} is now doing. Assign it to you?`, 'Assign to Me');
  }
  if (assign && ctx.me && !mine) {
    await ctx.client.patchTask(task.id, { assignee_user_id: ctx.me });
    ctx.changed();
  }
  return { branch, how, assigned: Boolean(assign) };
}
