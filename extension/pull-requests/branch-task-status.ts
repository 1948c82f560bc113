/**
 * A status bar item for the task the current branch names (`feature/T-12-…`): ref, title and
 * status; clicking it links the branch's pull request. Hidden when the branch names no task,
 * when signed out, or when the task cannot be read (then the log says why).
 */
import * as vscode from 'vscode';
import { readTask, taskRefOfBranch, type Client, type LinkState, type Task } from '../../shared/index';
import type { WscServices } from '../context';
import type { GitAdapter } from '../git/git-adapter';
import { PR_COMMAND_IDS, STATUS_BAR_IDS } from '../ids';
import { branchTaskLabel } from './task-target';

export class BranchTaskStatus implements vscode.Disposable {
  readonly item = vscode.window.createStatusBarItem(STATUS_BAR_IDS.branchTask, vscode.StatusBarAlignment.Left, 50);
  readonly #services: WscServices;
  readonly #git: GitAdapter;
  #generation = 0;
  /** The task shown now (tests read it). */
  task: Task | undefined;
  /** Its linked pull request's latest stored state from the channel's links (null when the service gives none). */
  pullRequestState: LinkState | null = null;
  #latest: Promise<void> = Promise.resolve();

  constructor(services: WscServices, git: GitAdapter) {
    this.#services = services;
    this.#git = git;
    this.item.name = vscode.l10n.t('Workspace: task of this branch');
  }

  /** Shows the branch's task as the service has it now: once this returns, also a refresh started meanwhile (a live change) has been shown. */
  async refresh(): Promise<void> {
    let shown = this.#show(++this.#generation);
    this.#latest = shown;
    await shown;
    while (this.#latest !== shown) {
      shown = this.#latest;
      await shown;
    }
  }

  async #show(generation: number): Promise<void> {
    const context = await this.#git.context();
    const ref = taskRefOfBranch(context);
    const client = this.#services.auth.client();
    if (!ref || !client) return this.#hide(generation);
    let task: Task;
    try {
      task = await readTask(client, ref);
    } catch (error) {
      this.#services.log.info(`Branch ${context.branch ?? ''} names ${ref}, which cannot be read: ${error instanceof Error ? error.message : String(error)}`);
      return this.#hide(generation);
    }
    const prState = await linkedPullRequestState(client, task);
    if (generation !== this.#generation) return;
    this.task = task;
    this.pullRequestState = prState;
    this.item.text = branchTaskLabel(task);
    const tooltip = new vscode.MarkdownString(undefined, true);
    tooltip.appendText(`${task.ref} ${task.title}\nStatus: ${task.status}\nBranch: ${context.branch ?? ''}\n`);
    tooltip.appendText(task.pr_url ? `Pull request: ${task.pr_url}${prState ? ` (${prState})` : ''}\n\nClick to change the linked pull request.` : '\nClick to link this branch’s pull request.');
    this.item.tooltip = tooltip;
    this.item.command = { title: vscode.l10n.t('Link Pull Request'), command: PR_COMMAND_IDS.linkPullRequest, arguments: [{ ref: task.ref }] };
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }

  #hide(generation: number): void {
    if (generation !== this.#generation) return;
    this.task = undefined;
    this.item.hide();
  }
}

/** The state the channel's links store for the task's pull request (open, merged, closed), when the service gives it. */
async function linkedPullRequestState(client: Client, task: Task): Promise<LinkState | null> {
  if (!task.pr_url || !task.channel_id) return null;
  try {
    const links = await client.links(task.channel_id);
    return links.find((l) => l.kind === 'pull_request' && l.url === task.pr_url)?.state ?? null;
  } catch {
    return null;
  }
}
