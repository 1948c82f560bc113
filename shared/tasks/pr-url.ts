/**
 * Pull-request URLs: parse and validate what a person pastes before it is sent as a task's `pr_url`.
 *
 * The spec's rule for `pr_url`: a full http(s) URL; an empty string unlinks; any other non-URL value
 * is refused and does not clear the link. We check it here so the person hears it before sending.
 */

export type PrProvider = 'github' | 'gitlab' | 'bitbucket';

export interface PullRequestRef {
  provider: PrProvider;
  /** `owner/repo`, or the full group path on GitLab (`group/sub/project`). */
  repo_full_name: string;
  number: number;
  /** The canonical URL of the pull request (no trailing /files, query or fragment). */
  url: string;
}

export type PrUrlCheck =
  | { kind: 'unlink' }
  | { kind: 'link'; url: string; pr: PullRequestRef | null }
  | { kind: 'invalid'; message: string; hint: string };

export const PR_URL_RULE = 'A pull request link must be a full http(s) URL, or empty to unlink.';
const PR_URL_FORMS =
  'https://github.com/OWNER/REPO/pull/N, https://gitlab.com/GROUP/PROJECT/-/merge_requests/N or https://bitbucket.org/WORKSPACE/REPO/pull-requests/N';

/** Whether `s` is one owner, group or repository name in a URL or remote path. */
export function isNameSegment(s: string): boolean {
  return /^[A-Za-z0-9_.-]+$/.test(s);
}

/** 1 to 9,999,999,999: ten digits at most, so always a safe integer. */
function positiveInt(s: string | undefined): number | null {
  // String(undefined) is 'undefined', which is no number either.
  return /^[1-9]\d{0,9}$/.test(String(s)) ? Number(s) : null;
}

/**
 * The path's non-empty segments, as written: a %-encoded name (`o%2Fp`, `%3Cx%3E`) is not one plain
 * name and is refused rather than decoded into the saved URL.
 */
function segments(pathname: string): string[] {
  return pathname.split('/').filter((s) => s !== '');
}

/** Recognises a GitHub, GitLab (any host, `/-/merge_requests/`) or Bitbucket pull-request URL. */
export function parsePullRequestUrl(input: string): PullRequestRef | null {
  let url: URL;
  try {
    // The URL parser itself drops leading and trailing spaces, tabs and newlines.
    url = new URL(input);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  // WHATWG URL parsing lowercases the host of http(s) URLs.
  const host = url.hostname;
  const parts = segments(url.pathname);
  const origin = `${url.protocol}//${url.host}`;

  // GitLab form first: it is recognised on any host (self-hosted instances).
  const dash = parts.indexOf('-');
  if (dash >= 2 && parts[dash + 1] === 'merge_requests') {
    const number = positiveInt(parts[dash + 2]);
    const path = parts.slice(0, dash);
    if (number !== null && path.every(isNameSegment)) {
      const repo = path.join('/');
      return { provider: 'gitlab', repo_full_name: repo, number, url: `${origin}/${repo}/-/merge_requests/${number}` };
    }
    return null;
  }

  const number = positiveInt(parts[3]);
  if (number === null) return null;
  // A number in the fourth segment means the first three exist.
  const [owner, repo, kind] = parts as [string, string, string];
  if (!isNameSegment(owner) || !isNameSegment(repo)) return null;
  if ((host === 'github.com' || host === 'www.github.com') && kind === 'pull') {
    return { provider: 'github', repo_full_name: `${owner}/${repo}`, number, url: `https://github.com/${owner}/${repo}/pull/${number}` };
  }
  if ((host === 'bitbucket.org' || host === 'www.bitbucket.org') && kind === 'pull-requests') {
    return {
      provider: 'bitbucket',
      repo_full_name: `${owner}/${repo}`,
      number,
      url: `https://bitbucket.org/${owner}/${repo}/pull-requests/${number}`,
    };
  }
  return null;
}

/**
 * Checks what a person typed as a task's PR link. '' unlinks; only spaces is refused. By default a URL must be
 * a recognised pull request; `allowOtherUrls` accepts any full http(s) URL, as the service does.
 */
export function checkPrUrlInput(input: string, options: { allowOtherUrls?: boolean } = {}): PrUrlCheck {
  const value = input.trim();
  // The spec: only "" unlinks; anything else that is not a URL is refused and the link kept.
  if (input === '') return { kind: 'unlink' };
  if (value === '') {
    return {
      kind: 'invalid',
      message: 'Only spaces is not a pull request URL (the link is kept).',
      hint: `Paste the pull request's address, e.g. ${PR_URL_FORMS}; or give an empty value ("") to unlink.`,
    };
  }
  // An http(s) URL that parses always has a host (`https://` alone does not parse).
  const url = URL.canParse(value) ? new URL(value) : null;
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return {
      kind: 'invalid',
      message: `"${truncate(value)}" is not a full http(s) URL. ${PR_URL_RULE}`,
      hint: `Paste the pull request's address, e.g. ${PR_URL_FORMS}; or leave it empty to unlink.`,
    };
  }
  const pr = parsePullRequestUrl(value);
  if (pr !== null) return { kind: 'link', url: pr.url, pr };
  if (options.allowOtherUrls) return { kind: 'link', url: url.href, pr: null };
  return {
    kind: 'invalid',
    message: `"${truncate(value)}" is not a pull request URL this tool recognises.`,
    hint: `Use a pull request's own address: ${PR_URL_FORMS}; or leave it empty to unlink.`,
  };
}

function truncate(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}
