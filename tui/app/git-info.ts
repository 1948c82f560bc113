// The current git branch and origin remote of the folder wsc runs in, for linking a task's PR.
import { execFile } from 'node:child_process';
import { newPullRequestUrl, parseGitRemote, taskRefFromBranch } from '../../shared/index';

export interface GitContext {
  branch: string;
  remote: string;
  /** `T-<n>` named by the branch, when any. */
  taskRef: string | null;
  repoFullName: string | null;
  /** Where to open a new pull request for the branch, when the host is known. */
  newPrUrl: string | null;
}

function git(cwd: string, args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile('git', args, { cwd, timeout: 2_000, windowsHide: true }, (error, stdout) => resolve(error ? null : stdout.trim()));
  });
}

/** null outside a repository (or without an origin remote, or on a detached HEAD). */
export async function readGitContext(cwd: string): Promise<GitContext | null> {
  const [branch, remote] = await Promise.all([git(cwd, ['rev-parse', '--abbrev-ref', 'HEAD']), git(cwd, ['remote', 'get-url', 'origin'])]);
  if (!branch || branch === 'HEAD' || !remote) return null;
  return {
    branch,
    remote,
    taskRef: taskRefFromBranch(branch),
    repoFullName: parseGitRemote(remote)?.repo_full_name ?? null,
    newPrUrl: newPullRequestUrl(remote, branch),
  };
}
