/**
 * wsc.linkPullRequest and wsc.unlinkPullRequest without vscode: which task (the argument, else the
 * branch's T-ref, else picked), where the URL comes from (the argument, else the GitHub Pull Requests
 * extension's active PR, else the person, prefilled with the address derived from the remote), and
 * the patch from the shared plan (shared/tasks/pr-link-plan.ts), checked before anything is sent.
 */
import { planPrLink, suggestPrUrl, taskRefOfBranch, type Client, type GitContext, type PatchTaskInput } from '../../shared/index';
import { WscError } from '../errors/describe-error';
import type { PrQuestions } from './pr-questions';
import { pickOpenTask, readTask, type TaskReader } from './task-choice';
import { taskIdOf } from './task-target';

export interface PrFlowContext {
  client: TaskReader & Pick<Client, 'patchTask'>;
  git: GitContext & { root: string | null };
  ask: PrQuestions;
  /** The task changed: refresh what shows it. */
  changed(): void;
}

/** A script's `prUrl`; a tree node or task row has none (a row's `pr_url` is what is linked now). */
export function prUrlArg(arg: unknown): string | undefined {
  if (typeof arg !== 'object' || arg === null || !('prUrl' in arg)) return undefined;
  const value = (arg as { prUrl: unknown }).prUrl;
  return typeof value === 'string' ? value : undefined;
}

async function targetRef(ctx: PrFlowContext, arg: unknown, placeHolder: string): Promise<string | undefined> {
  return taskIdOf(arg) ?? taskRefOfBranch(ctx.git) ?? (await pickOpenTask(ctx.client, ctx.ask, placeHolder));
}

/** Answers the patch sent, or undefined when the person cancelled. */
export async function linkPullRequest(ctx: PrFlowContext, arg: unknown, activePrUrl: string | null): Promise<PatchTaskInput | undefined> {
  const ref = await targetRef(ctx, arg, 'Link a pull request to which task?');
  if (!ref) return undefined;
  const task = await readTask(ctx.client, ref);
  let input = prUrlArg(arg);
  if (input === undefined) {
    const suggestion = suggestPrUrl(ctx.git, activePrUrl);
    input =
      suggestion.source === 'active_pr'
        ? suggestion.url
        : await ctx.ask.prUrl({
            title: `Link a pull request to ${task.ref} ${task.title}`,
            prompt:
              suggestion.source === 'derived'
                ? `Derived from the remote and ${ctx.git.branch ?? 'the branch'}; paste the pull request's own URL once it exists. Empty unlinks.`
                : "The pull request's URL (https://…). Empty unlinks.",
            value: suggestion.url || task.pr_url || '',
            validate: (v) => {
              const plan = planPrLink(v, task, ctx.git);
              return plan.kind === 'invalid' ? `${plan.message} ${plan.hint}` : undefined;
            },
          });
  }
  if (input === undefined) return undefined;
  const plan = planPrLink(input, task, ctx.git);
  if (plan.kind === 'invalid') throw new WscError(plan.message, plan.hint);
  await ctx.client.patchTask(task.id, plan.patch);
  ctx.changed();
  ctx.ask.info(
    plan.kind === 'link'
      ? `${task.ref} is linked to ${plan.url}. It moves to done when that pull request merges.${plan.branchNote ? ` ${plan.branchNote}` : ''}`
      : `${task.ref} has no linked pull request now.`,
  );
  return plan.patch;
}

/** Answers true once unlinked, undefined when the person cancelled. */
export async function unlinkPullRequest(ctx: PrFlowContext, arg: unknown): Promise<true | undefined> {
  const ref = await targetRef(ctx, arg, 'Unlink the pull request of which task?');
  if (!ref) return undefined;
  const task = await readTask(ctx.client, ref);
  const plan = planPrLink('', task, ctx.git);
  if (plan.kind === 'invalid') throw new WscError(plan.message, plan.hint);
  await ctx.client.patchTask(task.id, plan.patch);
  ctx.changed();
  ctx.ask.info(`${task.ref} has no linked pull request now.`);
  return true;
}
