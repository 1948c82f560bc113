// Links to lines of code at a commit: an https permalink on GitHub, GitLab or Bitbucket, else a
// `path:lines @ commit` label a reader can find by hand.
import { parseGitRemote } from '../tasks/git-remote';

export interface CodeLocation {
  /** The remote's URL (ssh or https form); null when the repository has none. */
  remoteUrl: string | null;
  /** The full commit id the lines are from; null when unknown (no commit yet). */
  commit: string | null;
  /** Repository-relative, `/`-separated. */
  path: string;
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
}

const COMMIT = /^[0-9a-f]{7,64}$/i;

function lineSpan(loc: CodeLocation): { first: number; last: number } {
  const first = Math.max(1, Math.floor(Math.min(loc.startLine, loc.endLine)));
  const last = Math.max(first, Math.floor(Math.max(loc.startLine, loc.endLine)));
  return { first, last };
}

function encodedPath(path: string): string {
  return path
    .replace(/\\/g, '/')
    .split('/')
    .filter((p) => p !== '' && p !== '.')
    .map(encodeURIComponent)
    .join('/');
}

/** The https permalink at the commit for a GitHub, GitLab or Bitbucket remote, else null. */
export function codePermalink(loc: CodeLocation): string | null {
  if (loc.remoteUrl === null || loc.commit === null || !COMMIT.test(loc.commit)) return null;
  const remote = parseGitRemote(loc.remoteUrl);
  const path = encodedPath(loc.path);
  if (remote === null || remote.provider === null || path === '') return null;
  const repo = `https://${remote.host}/${remote.repo_full_name}`;
  const { first, last } = lineSpan(loc);
  const commit = loc.commit.toLowerCase();
  switch (remote.provider) {
    case 'github':
      return `${repo}/blob/${commit}/${path}#L${first}${last > first ? `-L${last}` : ''}`;
    case 'gitlab':
      return `${repo}/-/blob/${commit}/${path}#L${first}${last > first ? `-${last}` : ''}`;
    case 'bitbucket':
      return `${repo}/src/${commit}/${path}#lines-${first}${last > first ? `:${last}` : ''}`;
  }
}

/** `path:12-18 @ abc1234` (`path:12` for one line; no `@ …` without a commit). */
export function codeLocationLabel(loc: CodeLocation): string {
  const { first, last } = lineSpan(loc);
  const where = `${loc.path.replace(/\\/g, '/')}:${first}${last > first ? `-${last}` : ''}`;
  return loc.commit ? `${where} @ ${loc.commit.slice(0, 7)}` : where;
}
