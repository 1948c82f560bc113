// The current git branch and its remote, read with the git command (no network). Asynchronous, so
// the terminal UI keeps drawing while git runs.
import { execFile } from 'node:child_process';
import type { GitContext } from '../shared/index';

function git(args: string[], cwd: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile('git', args, { cwd, encoding: 'utf8', timeout: 5_000, windowsHide: true }, (error, stdout) => resolve(error ? null : stdout.trim()));
  });
}

/** null outside a git work tree. The remote is the branch's, else 'origin', else the first. */
export async function readGitContext(cwd: string = process.cwd()): Promise<GitContext | null> {
  if ((await git(['rev-parse', '--is-inside-work-tree'], cwd)) !== 'true') return null;
  const [head, remoteList] = await Promise.all([git(['symbolic-ref', '--quiet', '--short', 'HEAD'], cwd), git(['remote'], cwd)]);
  const branch = head && head !== '' ? head : null;
  const remotes = (remoteList ?? '').split('\n').filter((r) => r !== '');
  const tracked = branch ? await git(['config', '--get', `branch.${branch}.remote`], cwd) : null;
  const remote = [tracked, 'origin', remotes[0]].find((r): r is string => typeof r === 'string' && remotes.includes(r));
  const remoteUrl = remote ? await git(['remote', 'get-url', remote], cwd) : null;
  return { branch, remoteUrl: remoteUrl || null };
}
