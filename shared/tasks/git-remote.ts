// Git remotes: the repository a remote URL names, and the web address that opens a new pull request
// for a branch of it.
import { isNameSegment, type PrProvider } from './pr-url';

export interface GitRemote {
  /** Host name without port or user (`github.com`). */
  host: string;
  /** `owner/repo` (or `group/sub/project`), without `.git`. */
  repo_full_name: string;
  provider: PrProvider | null;
}

function providerForHost(host: string): PrProvider | null {
  const h = host.toLowerCase();
  if (h === 'github.com' || h.startsWith('github.')) return 'github';
  if (h === 'bitbucket.org') return 'bitbucket';
  if (h === 'gitlab.com' || h.startsWith('gitlab.') || h.includes('.gitlab.')) return 'gitlab';
  return null;
}

/**
 * Parses `git@host:owner/repo.git`, `ssh://git@host[:port]/owner/repo.git`, `https://[user@]host/owner/repo[.git]`.
 * `provider` overrides the guess from the host (for self-hosted instances on other names).
 */
export function parseGitRemote(remote: string, provider?: PrProvider): GitRemote | null {
  const value = remote.trim();
  let host: string;
  let path: string;
  const scp = /^(?:[A-Za-z0-9._-]+@)?([A-Za-z0-9.-]+):(?!\/\/)(.+)$/.exec(value);
  if (scp && !/^[a-z+]+:\/\//i.test(value)) {
    host = scp[1] ?? '';
    path = scp[2] ?? '';
  } else {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    if (!['http:', 'https:', 'ssh:', 'git+ssh:', 'git:'].includes(url.protocol)) return null;
    host = url.hostname;
    path = url.pathname;
  }
  const parts = path
    .replace(/\.git\/?$/, '')
    .split('/')
    .filter((p) => p !== '');
  if (host === '' || parts.length < 2 || !parts.every(isNameSegment)) return null;
  return { host: host.toLowerCase(), repo_full_name: parts.join('/'), provider: provider ?? providerForHost(host) };
}

/**
 * The web address that opens a new pull request for `branch` (GitHub compare page, GitLab new merge
 * request, Bitbucket new pull request), or null when the remote's provider is unknown.
 */
export function newPullRequestUrl(remote: string, branch: string, options: { base?: string; provider?: PrProvider } = {}): string | null {
  const parsed = parseGitRemote(remote, options.provider);
  if (parsed === null || parsed.provider === null || branch.trim() === '') return null;
  const origin = `https://${parsed.host}/${parsed.repo_full_name}`;
  const b = encodeURIComponent(branch.trim()).replace(/%2F/g, '/');
  switch (parsed.provider) {
    case 'github': {
      const range = options.base ? `${encodeURIComponent(options.base).replace(/%2F/g, '/')}...${b}` : b;
      return `${origin}/compare/${range}?expand=1`;
    }
    case 'gitlab': {
      const query = new URLSearchParams({ 'merge_request[source_branch]': branch.trim() });
      if (options.base) query.set('merge_request[target_branch]', options.base);
      return `${origin}/-/merge_requests/new?${query.toString()}`;
    }
    case 'bitbucket': {
      const query = new URLSearchParams({ source: branch.trim() });
      if (options.base) query.set('dest', options.base);
      return `${origin}/pull-requests/new?${query.toString()}`;
    }
  }
}
