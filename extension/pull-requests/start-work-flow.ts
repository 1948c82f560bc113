/**
 * wsc.startWork without vscode: the shared Start Work plan names the task's branch (by the
 * wsc.branchPattern setting) and says whether the status moves to doing; the branch is switched to
 * or created, then "assign it to me?" unless it already is mine (the argument `assignToMe` answers
 * it for scripts). Asking keeps the editor's behaviour for a task someone else has.
 */
import { DEFAULT_BRANCH_PATTERN, planStartWork } from '../../shared/index';
import { WscError } from '../errors/describe-error';
import type { GitRepository } from '../git/git-api';
import { switchToBranch, type BranchSwitch } from '../git/switch-branch';
import type { PrFlowContext } from './link-flow';
import { pickOpenTask, readTask } from './task-choice';
import { taskIdOf } from './task-target';
import { l10n } from '../l10n';

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
    throw new WscError(l10n.t('No git repository is open.'), l10n.t('Open the folder of your repository (with the Git extension enabled), then start work again.'));
  }
  const planned = planStartWork(task, { pattern: ctx.branchPattern, me: ctx.me ?? null });
  if (!planned.ok) throw new WscError(planned.message, l10n.t('Check the setting wsc.branchPattern (default {0}).', DEFAULT_BRANCH_PATTERN));
  const { branch, toDoing } = planned.plan;
  const how = await switchToBranch(ctx.repository, branch);
  if (toDoing) await ctx.client.patchTask(task.id, { status: 'doing' });
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
