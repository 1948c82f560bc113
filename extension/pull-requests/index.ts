/**
 * Pull requests and tasks while coding: the branch's task in the status bar, wsc.linkPullRequest,
 * wsc.unlinkPullRequest and wsc.startWork. Git facts come from the built-in git extension; the
 * GitHub Pull Requests extension is used when installed (optional, probed defensively).
 *
 * Arguments for scripts and tests (they skip the prompts): linkPullRequest `{ref?, prUrl?}`,
 * unlinkPullRequest `{ref}`, startWork `{ref, assignToMe?: boolean}`.
 */
import * as vscode from 'vscode';
import { branchNameFor, COMMANDS, DEFAULT_BRANCH_PATTERN, isValidBranchName, type Client, type Task } from '../../shared/index';
import type { WscServices } from '../context';
import { WscError } from '../errors/describe-error';
import { GitAdapter, switchToBranch } from '../git/git-adapter';
import { COMMAND_IDS, PR_COMMAND_IDS, PR_SETTINGS, SETTINGS } from '../ids';
import { activePullRequestUrl, GITHUB_PR_EXTENSION_ID } from './active-pr-probe';
import { BranchTaskStatus } from './branch-task-status';
import { planLink, suggestPrUrl, taskRefForBranch, UNLINK_PATCH } from './link-plan';
import { taskIdOf } from './task-target';

export interface PullRequestsFeature {
  readonly git: GitAdapter;
  readonly status: BranchTaskStatus;
}

function option<T>(arg: unknown, key: string): T | undefined {
  return typeof arg === 'object' && arg !== null && key in arg ? ((arg as Record<string, unknown>)[key] as T) : undefined;
}

async function getTask(client: Client, idOrRef: string): Promise<Task> {
  return (await client.readAction<{ task: Task }>(COMMANDS.getTask, { taskId: idOrRef })).task;
}

async function pickTask(client: Client, placeHolder: string): Promise<string | undefined> {
  const tasks = await client.tasks({ kind: 'task', limit: 200 });
  const open = tasks.filter((t) => t.status !== 'done' && t.status !== 'canceled');
  const picked = await vscode.window.showQuickPick(
    open.map((t) => ({ label: `${t.ref} ${t.title}`, description: t.status, ref: t.ref })),
    { placeHolder, matchOnDescription: true },
  );
  return picked?.ref;
}

function activePrFromExtension(root: string | null): string | null {
  try {
    const extension = vscode.extensions.getExtension(GITHUB_PR_EXTENSION_ID);
    if (!extension?.isActive) return null;
    return activePullRequestUrl(extension.exports, root ?? undefined);
  } catch {
    return null;
  }
}

export function registerPullRequests(services: WscServices): PullRequestsFeature {
  const git = new GitAdapter();
  const status = new BranchTaskStatus(services, git);
  const refreshAll = () => {
    void status.refresh();
    void vscode.commands.executeCommand(COMMAND_IDS.refreshTasks).then(undefined, () => undefined);
  };

  services.register(
    git,
    status,
    git.onDidChange(() => void status.refresh()),
    services.onDidChangeSession(() => void status.refresh()),

    vscode.commands.registerCommand(PR_COMMAND_IDS.linkPullRequest, (arg?: unknown) =>
      services.withClient('link the pull request', async (client) => {
        const context = await git.context();
        const ref = taskIdOf(arg) ?? taskRefForBranch(context) ?? (await pickTask(client, 'Link a pull request to which task?'));
        if (!ref) return undefined;
        const task = await getTask(client, ref);
        let input = option<string>(arg, 'prUrl');
        if (input === undefined) {
          const suggestion = suggestPrUrl(context, activePrFromExtension(context.root));
          input =
            suggestion.source === 'active_pr'
              ? suggestion.url
              : await vscode.window.showInputBox({
                  title: `Link a pull request to ${task.ref} ${task.title}`,
                  prompt:
                    suggestion.source === 'derived'
                      ? `Derived from the remote and ${context.branch ?? 'the branch'}; paste the pull request's own URL once it exists. Empty unlinks.`
                      : "The pull request's URL (https://…). Empty unlinks.",
                  value: suggestion.url || task.pr_url || '',
                  ignoreFocusOut: true,
                  validateInput: (v) => {
                    const plan = planLink(v, context);
                    return plan.kind === 'invalid' ? `${plan.message} ${plan.hint}` : undefined;
                  },
                });
        }
        if (input === undefined) return undefined;
        const plan = planLink(input, context);
        if (plan.kind === 'invalid') throw new WscError(plan.message, plan.hint);
        await client.patchTask(task.id, plan.patch);
        refreshAll();
        void vscode.window.showInformationMessage(
          plan.kind === 'unlink' ? `${task.ref} has no linked pull request now.` : `${task.ref} is linked to ${plan.url}. It moves to done when that pull request merges.`,
        );
        return plan.patch;
      }),
    ),

    vscode.commands.registerCommand(PR_COMMAND_IDS.unlinkPullRequest, (arg?: unknown) =>
      services.withClient('unlink the pull request', async (client) => {
        const context = await git.context();
        const ref = taskIdOf(arg) ?? taskRefForBranch(context) ?? (await pickTask(client, 'Unlink the pull request of which task?'));
        if (!ref) return undefined;
        const task = await getTask(client, ref);
        await client.patchTask(task.id, UNLINK_PATCH);
        refreshAll();
        void vscode.window.showInformationMessage(`${task.ref} has no linked pull request now.`);
        return true;
      }),
    ),

    vscode.commands.registerCommand(PR_COMMAND_IDS.startWork, (arg?: unknown) =>
      services.withClient('start work on the task', async (client) => {
        const ref = taskIdOf(arg) ?? (await pickTask(client, 'Start work on which task?'));
        if (!ref) return undefined;
        const task = await getTask(client, ref);
        const repo = await git.repository();
        if (!repo) {
          throw new WscError('No git repository is open.', 'Open the folder of your repository (with the Git extension enabled), then start work again.');
        }
        const pattern = vscode.workspace.getConfiguration(SETTINGS.section).get<string>(PR_SETTINGS.branchPattern) || DEFAULT_BRANCH_PATTERN;
        const branch = branchNameFor(task, pattern);
        if (!isValidBranchName(branch)) {
          throw new WscError(`'${branch}' is not a valid branch name.`, `Check the setting wsc.branchPattern (default ${DEFAULT_BRANCH_PATTERN}).`);
        }
        const how = await switchToBranch(repo, branch);
        if (task.status !== 'doing') await client.patchTask(task.id, { status: 'doing' });
        refreshAll();

        const me = services.auth.identity?.userId;
        let assign = option<boolean>(arg, 'assignToMe');
        if (assign === undefined && me && task.assignee_user_id !== me) {
          const verb = how === 'created' ? 'Created and switched to' : how === 'switched' ? 'Switched to' : 'Already on';
          const picked = await vscode.window.showInformationMessage(`${verb} ${branch}; ${task.ref} is now doing. Assign it to you?`, 'Assign to Me');
          assign = picked === 'Assign to Me';
        }
        if (assign && me && task.assignee_user_id !== me) {
          await client.patchTask(task.id, { assignee_user_id: me });
          refreshAll();
        }
        return { branch, how, assigned: Boolean(assign) };
      }),
    ),
  );
  void status.refresh();
  return { git, status };
}
