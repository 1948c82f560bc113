/**
 * Pull requests and tasks while coding: the branch's task in the status bar, wsc.linkPullRequest,
 * wsc.unlinkPullRequest and wsc.startWork (their flows are vscode-free: link-flow.ts,
 * start-work-flow.ts). Git facts come from the built-in git extension; the GitHub Pull Requests
 * extension is used when installed (optional, probed defensively).
 *
 * Arguments for scripts and tests (they skip the prompts): linkPullRequest `{ref?, prUrl?}`,
 * unlinkPullRequest `{ref}`, startWork `{ref, assignToMe?: boolean}`.
 */
import * as vscode from 'vscode';
import type { Client } from '../../shared/index';
import type { WscServices } from '../context';
import { GitAdapter } from '../git/git-adapter';
import { COMMAND_IDS, PR_COMMAND_IDS, PR_SETTINGS, SETTINGS } from '../ids';
import { activePullRequestUrl, GITHUB_PR_EXTENSION_ID } from './active-pr-probe';
import { BranchTaskStatus } from './branch-task-status';
import { linkPullRequest, unlinkPullRequest, type PrFlowContext } from './link-flow';
import { startWork } from './start-work-flow';
import { vscodePrQuestions } from './vscode-pr-questions';

export interface PullRequestsFeature {
  readonly git: GitAdapter;
  readonly status: BranchTaskStatus;
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
  const changed = () => {
    void status.refresh();
    void vscode.commands.executeCommand(COMMAND_IDS.refreshTasks).then(undefined, () => undefined);
  };
  const flowContext = async (client: Client): Promise<PrFlowContext> => ({ client, git: await git.context(), ask: vscodePrQuestions, changed });

  services.register(
    git,
    status,
    git.onDidChange(() => void status.refresh()),
    services.onDidChangeSession(() => void status.refresh()),
    vscode.commands.registerCommand(PR_COMMAND_IDS.linkPullRequest, (arg?: unknown) =>
      services.withClient('link the pull request', async (client) => {
        const ctx = await flowContext(client);
        return linkPullRequest(ctx, arg, activePrFromExtension(ctx.git.root));
      }),
    ),
    vscode.commands.registerCommand(PR_COMMAND_IDS.unlinkPullRequest, (arg?: unknown) =>
      services.withClient('unlink the pull request', async (client) => unlinkPullRequest(await flowContext(client), arg)),
    ),
    vscode.commands.registerCommand(PR_COMMAND_IDS.startWork, (arg?: unknown) =>
      services.withClient('start work on the task', async (client) =>
        startWork(
          {
            client,
            ask: vscodePrQuestions,
            changed,
            repository: await git.repository(),
            branchPattern: vscode.workspace.getConfiguration(SETTINGS.section).get<string>(PR_SETTINGS.branchPattern) ?? '',
            me: services.auth.identity?.userId,
          },
          arg,
        ),
      ),
    ),
  );
  void status.refresh();
  return { git, status };
}
