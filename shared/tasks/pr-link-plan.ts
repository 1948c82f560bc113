/**
 * Linking a pull request to a task, decided once for every face: what the person typed, the task and
 * the git context where they work -> the task patch to send, or what is wrong and what to do.
 *
 * The rules (spec: `pr_url` is a full http(s) URL, '' unlinks, any other value is refused and keeps
 * the link):
 * - any full http(s) URL links; a recognised pull request URL is sent in its canonical form and also
 *   gives `pr_number` and `repo_full_name`;
 * - only an empty value (blanks count as empty) unlinks, and an unlink sends nothing else;
 * - the current branch is recorded only when its name carries this task's T-ref: on `main`, or on
 *   another task's branch, it is left alone;
 * - `repo_full_name` falls back to the git remote when the URL does not name the repository;
 * - no URL at all (`undefined`, `wsc task link` without one) records the task's branch alone.
 */
import type { PatchTaskInput } from '../contract';
import { newPullRequestUrl, parseGitRemote } from './git-remote';
import { taskRefOfBranch, type GitContext } from './git-context';
import { checkPrUrlInput, type PullRequestRef } from './pr-url';

export interface PrLinkTask {
  ref: string;
}

export type PrLinkPlan =
  | {
      kind: 'link';
      patch: PatchTaskInput;
      /** The URL sent as pr_url (canonical for a recognised pull request). */
      url: string;
      /** The recognised pull request, or null for another http(s) URL. */
      pr: PullRequestRef | null;
      /** Why the current branch was not recorded, when it names another task; else null. */
      branchNote: string | null;
    }
  | { kind: 'branch'; patch: PatchTaskInput; branch: string }
  | { kind: 'unlink'; patch: PatchTaskInput }
  | { kind: 'invalid'; message: string; hint: string };

/** What the current branch says about a task, for a face to show before the person types. */
export interface BranchFacts {
  branch: string;
  /** The task the branch names, or null. */
  taskRef: string | null;
  /** The branch names this task: linking records it. */
  namesTask: boolean;
  /** The address that opens a new pull request for the branch, when the remote's host is known. */
  openPrUrl: string | null;
}

const sameRef = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

export function branchFacts(task: PrLinkTask, git: GitContext | null | undefined, options: { base?: string } = {}): BranchFacts | null {
  if (!git?.branch) return null;
  const taskRef = taskRefOfBranch(git);
  return {
    branch: git.branch,
    taskRef,
    namesTask: taskRef !== null && sameRef(taskRef, task.ref),
    openPrUrl: git.remoteUrl ? newPullRequestUrl(git.remoteUrl, git.branch, options.base ? { base: options.base } : {}) : null,
  };
}

/**
 * The patch for linking `task` to what the person typed: a URL, '' to unlink, or undefined when no URL
 * was given (then the task's branch alone is recorded).
 */
export function planPrLink(input: string | undefined, task: PrLinkTask, git?: GitContext | null): PrLinkPlan {
  const facts = branchFacts(task, git);
  const ownBranch = facts?.namesTask ? facts.branch : null;
  const remoteRepo = git?.remoteUrl ? (parseGitRemote(git.remoteUrl)?.repo_full_name ?? null) : null;

  if (input === undefined) {
    if (ownBranch === null) return nothingToLink(task, facts);
    return { kind: 'branch', patch: { branch: ownBranch, ...(remoteRepo ? { repo_full_name: remoteRepo } : {}) }, branch: ownBranch };
  }

  const check = checkPrUrlInput(input, { allowOtherUrls: true });
  if (check.kind === 'invalid') return check;
  if (check.kind === 'unlink') return { kind: 'unlink', patch: { pr_url: '' } };
  const patch: PatchTaskInput = { pr_url: check.url };
  if (check.pr) patch.pr_number = check.pr.number;
  const repo = check.pr?.repo_full_name ?? remoteRepo;
  if (repo) patch.repo_full_name = repo;
  if (ownBranch) patch.branch = ownBranch;
  const branchNote =
    facts && facts.taskRef && !facts.namesTask ? `The branch ${facts.branch} is ${facts.taskRef}'s, so it was not recorded on ${task.ref}.` : null;
  return { kind: 'link', patch, url: check.url, pr: check.pr, branchNote };
}

function nothingToLink(task: PrLinkTask, facts: BranchFacts | null): PrLinkPlan {
  const example = `feature/${task.ref}-short-name`;
  if (facts === null) {
    return {
      kind: 'invalid',
      message: `Nothing to link to ${task.ref}: no pull request URL was given and there is no git branch here.`,
      hint: `Give the pull request's URL, or run it in the repository on the task's branch (e.g. ${example}).`,
    };
  }
  return {
    kind: 'invalid',
    message: `Nothing to link to ${task.ref}: no pull request URL was given and the branch ${facts.branch} ${facts.taskRef ? `is ${facts.taskRef}'s` : 'names no task'}.`,
    hint: `Give the pull request's URL, or switch to a branch whose name carries ${task.ref} (e.g. ${example}).`,
  };
}

export type PrUrlSource = 'active_pr' | 'derived' | 'none';

export interface PrUrlSuggestion {
  source: PrUrlSource;
  /** Prefill for the person (or the URL itself for an active pull request); '' when nothing is known. */
  url: string;
}

/** The active pull request wins; else the remote's "open a pull request for this branch" address; else nothing. */
export function suggestPrUrl(git: GitContext, activePrUrl: string | null): PrUrlSuggestion {
  if (activePrUrl) return { source: 'active_pr', url: activePrUrl };
  if (git.remoteUrl && git.branch) {
    const derived = newPullRequestUrl(git.remoteUrl, git.branch);
    if (derived) return { source: 'derived', url: derived };
  }
  return { source: 'none', url: '' };
}
