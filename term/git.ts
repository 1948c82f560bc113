// The current git branch and its remote, read with the git command (no network).
import { execFileSync } from 'node:child_process';

function git(args: string[], cwd: string): string | null {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

export interface GitContext {
  branch: string | null;
  /** The URL of the branch's remote, else of 'origin', else of the first remote. */
  remoteUrl: string | null;
}

/** null outside a git work tree. */
export function readGitContext(cwd: string = process.cwd()): GitContext | null {
  if (git(['rev-parse', '--is-inside-work-tree'], cwd) !== 'true') return null;
  const head = git(['symbolic-ref', '--quiet', '--short', 'HEAD'], cwd);
  const branch = head && head !== '' ? head : null;
  const remotes = (git(['remote'], cwd) ?? '').split('\n').filter((r) => r !== '');
  const tracked = branch ? git(['config', '--get', `branch.${branch}.remote`], cwd) : null;
  const remote = [tracked, 'origin', remotes[0]].find((r): r is string => typeof r === 'string' && remotes.includes(r));
  const remoteUrl = remote ? git(['remote', 'get-url', remote], cwd) : null;
  return { branch, remoteUrl: remoteUrl || null };
}
