/**
 * What `wsc.linkPullRequest` sends, decided without vscode: where the pull-request URL comes
 * from (the GitHub Pull Requests extension's active PR, else derived from the git remote and
 * branch, else the person types it), the spec's rule checked before sending, and the task patch.
 */
import { checkPrUrlInput, newPullRequestUrl, parseGitRemote, taskRefFromBranch, type PatchTaskInput } from '../../shared/index';

export interface GitContext {
  /** The current branch, or null when detached or unknown. */
  branch: string | null;
  /** The fetch URL of the remote PRs go to (origin first), or null. */
  remoteUrl: string | null;
}

export type PrUrlSource = 'active_pr' | 'derived' | 'none';

export interface PrUrlSuggestion {
  source: PrUrlSource;
  /** Prefill for the person (or the URL itself for the active PR); '' when nothing is known. */
  url: string;
}

/** The active PR wins; else the remote's "open a pull request for this branch" address; else nothing. */
export function suggestPrUrl(git: GitContext, activePrUrl: string | null): PrUrlSuggestion {
  if (activePrUrl) return { source: 'active_pr', url: activePrUrl };
  if (git.remoteUrl && git.branch) {
    const derived = newPullRequestUrl(git.remoteUrl, git.branch);
    if (derived) return { source: 'derived', url: derived };
  }
  return { source: 'none', url: '' };
}

/** The task a branch names (`feature/T-12-x` -> `T-12`), or null. */
export function taskRefForBranch(git: GitContext): string | null {
  return git.branch ? taskRefFromBranch(git.branch) : null;
}

export type LinkPlan =
  | { kind: 'link'; patch: PatchTaskInput; url: string }
  | { kind: 'unlink'; patch: PatchTaskInput }
  | { kind: 'invalid'; message: string; hint: string };

/**
 * The patch for a typed or found URL: pr_url, and pr_number / repo_full_name / branch from the URL
 * when it names a pull request, else from the remote and the current branch. Any full http(s) URL
 * is accepted, as the service does; anything else is refused here, before sending.
 */
export function planLink(input: string, git: GitContext): LinkPlan {
  const check = checkPrUrlInput(input, { allowOtherUrls: true });
  if (check.kind === 'invalid') return check;
  if (check.kind === 'unlink') return { kind: 'unlink', patch: { pr_url: '' } };
  const patch: PatchTaskInput = { pr_url: check.url };
  const repo = check.pr?.repo_full_name ?? (git.remoteUrl ? parseGitRemote(git.remoteUrl)?.repo_full_name : undefined);
  if (check.pr) patch.pr_number = check.pr.number;
  if (repo) patch.repo_full_name = repo;
  if (git.branch) patch.branch = git.branch;
  return { kind: 'link', patch, url: check.url };
}

/** The unlink patch: the spec's empty string. */
export const UNLINK_PATCH: PatchTaskInput = { pr_url: '' };
