// Git as `wsc task start`, `wsc share` and `wsc hooks` use it: the repository's top, whether the
// work tree has changes, the default branch, switching branches, the commit a file is at, and the
// hooks folder (core.hooksPath respected). Runs the git command; nothing goes over the network.
import { execFile } from 'node:child_process';
import { CliError } from './cli-error';

export interface GitRun {
  ok: boolean;
  stdout: string;
  stderr: string;
}

export function runGit(args: string[], cwd: string = process.cwd()): Promise<GitRun> {
  return new Promise((resolve) => {
    execFile('git', args, { cwd, encoding: 'utf8', timeout: 30_000, windowsHide: true, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ ok: error === null, stdout: stdout.trimEnd(), stderr: stderr.trim() }),
    );
  });
}

async function value(args: string[], cwd: string): Promise<string | null> {
  const r = await runGit(args, cwd);
  return r.ok && r.stdout !== '' ? r.stdout : null;
}

/** The work tree's top folder; a CliError outside a git work tree. */
export async function repoTop(command: string, cwd: string = process.cwd()): Promise<string> {
  const top = await value(['rev-parse', '--show-toplevel'], cwd);
  if (top === null) throw new CliError('usage', `${command}: this is not inside a git repository.`, 'Run it from the folder of your repository (or one below it).');
  return top;
}

/** Tracked files with changes, staged or not (untracked files travel with any switch and do not count). */
export async function changedFiles(cwd: string): Promise<string[]> {
  const r = await runGit(['status', '--porcelain', '--untracked-files=no'], cwd);
  return r.stdout.split('\n').filter((l) => l.trim() !== '').map((l) => l.slice(3));
}

export async function currentBranch(cwd: string): Promise<string | null> {
  return value(['symbolic-ref', '--quiet', '--short', 'HEAD'], cwd);
}

export async function hasLocalBranch(branch: string, cwd: string): Promise<boolean> {
  return (await runGit(['show-ref', '--verify', '--quiet', `refs/heads/${branch}`], cwd)).ok;
}

/**
 * Where a new branch starts: the given base, else the remote's default branch as last fetched
 * (`origin/HEAD`, else origin/main or origin/master), else a local main or master. null when none exists.
 */
export async function defaultBase(cwd: string, given?: string): Promise<string | null> {
  if (given !== undefined) return (await runGit(['rev-parse', '--verify', '--quiet', `${given}^{commit}`], cwd)).ok ? given : null;
  const remoteHead = await value(['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD'], cwd);
  if (remoteHead !== null) return remoteHead;
  for (const ref of ['origin/main', 'origin/master', 'main', 'master']) {
    const full = ref.startsWith('origin/') ? `refs/remotes/${ref}` : `refs/heads/${ref}`;
    if ((await runGit(['show-ref', '--verify', '--quiet', full], cwd)).ok) return ref;
  }
  return null;
}

/** The full commit id of HEAD, or null before the first commit. */
export async function headCommit(cwd: string): Promise<string | null> {
  return value(['rev-parse', '--verify', '--quiet', 'HEAD'], cwd);
}

/** Whether a remote-tracking branch holds the commit (so a web permalink to it can resolve). */
export async function commitIsPushed(commit: string, cwd: string): Promise<boolean> {
  const r = await runGit(['branch', '--remotes', '--contains', commit], cwd);
  return r.ok && r.stdout !== '';
}

/** Whether the file differs from HEAD (or is not in it). */
export async function fileChangedSinceHead(path: string, cwd: string): Promise<boolean> {
  const tracked = await runGit(['ls-files', '--error-unmatch', '--', path], cwd);
  if (!tracked.ok) return true;
  return !(await runGit(['diff', '--quiet', 'HEAD', '--', path], cwd)).ok;
}

/** The folder git runs hooks from: core.hooksPath when set, else .git/hooks (of the main repository for a worktree). */
export async function hooksFolder(cwd: string): Promise<string> {
  const r = await runGit(['rev-parse', '--path-format=absolute', '--git-path', 'hooks'], cwd);
  if (!r.ok || r.stdout === '') throw new CliError('generic', 'Could not find the hooks folder of this repository.', `git said: ${r.stderr || 'nothing'}`);
  return r.stdout;
}
