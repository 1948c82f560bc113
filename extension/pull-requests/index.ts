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
import { BranchTaskStatus } from './branch-task-status';
import type { PrFlowContext } from './link-flow';

// The flows and their questions load on the first command; the status bar item is here from the start.
const loadPrCode = () => import('./pr-code');
type PrCode = Awaited<ReturnType<typeof loadPrCode>>;

export interface PullRequestsFeature {
  readonly git: GitAdapter;
  readonly status: BranchTaskStatus;
}

function activePrFromExtension(code: PrCode, root: string | null): string | null {
  try {
    const extension = vscode.extensions.getExtension(code.GITHUB_PR_EXTENSION_ID);
    if (!extension?.isActive) return null;
    return code.activePullRequestUrl(extension.exports, root ?? undefined);
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
  const flowContext = async (client: Client, code: PrCode): Promise<PrFlowContext> => ({ client, git: await git.context(), ask: code.vscodePrQuestions, changed });

  services.register(
    git,
    status,
    git.onDidChange(() => void status.refresh()),
    services.onDidChangeSession(() => void status.refresh()),
    vscode.commands.registerCommand(PR_COMMAND_IDS.linkPullRequest, (arg?: unknown) =>
      services.withClient(vscode.l10n.t('Could not link the pull request'), async (client) => {
        const code = await loadPrCode();
        const ctx = await flowContext(client, code);
        return code.linkPullRequest(ctx, arg, activePrFromExtension(code, ctx.git.root));
      }),
    ),
    vscode.commands.registerCommand(PR_COMMAND_IDS.unlinkPullRequest, (arg?: unknown) =>
      services.withClient(vscode.l10n.t('Could not unlink the pull request'), async (client) => {
        const code = await loadPrCode();
        return code.unlinkPullRequest(await flowContext(client, code), arg);
      }),
    ),
    vscode.commands.registerCommand(PR_COMMAND_IDS.startWork, (arg?: unknown) =>
      services.withClient(vscode.l10n.t('Could not start work on the task'), async (client) => {
        const code = await loadPrCode();
        return code.startWork(
          {
            client,
            ask: code.vscodePrQuestions,
            changed,
            repository: await git.repository(),
            branchPattern: vscode.workspace.getConfiguration(SETTINGS.section).get<string>(PR_SETTINGS.branchPattern) ?? '',
            me: services.auth.identity?.userId,
          },
          arg,
        );
      }),
    ),
  );
  void status.refresh();
  return { git, status };
}
