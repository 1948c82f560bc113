/**
 * The GitHub Pull Requests extension is optional and publishes no stable "active pull request"
 * API, so its exports are probed defensively: only a value that parses as a pull-request URL is
 * used, and any throw, missing field or odd shape means "none".
 */
import { parsePullRequestUrl } from '../../shared/index';

export const GITHUB_PR_EXTENSION_ID = 'GitHub.vscode-pull-request-github';

function field(value: unknown, name: string): unknown {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return undefined;
  try {
    return (value as Record<string, unknown>)[name];
  } catch {
    return undefined;
  }
}

function prUrlOf(candidate: unknown): string | null {
  for (const name of ['html_url', 'htmlUrl', 'url']) {
    const direct = field(candidate, name);
    if (typeof direct === 'string' && parsePullRequestUrl(direct)) return parsePullRequestUrl(direct)?.url ?? null;
    const nested = field(field(candidate, 'item'), name);
    if (typeof nested === 'string' && parsePullRequestUrl(nested)) return parsePullRequestUrl(nested)?.url ?? null;
  }
  return null;
}

/** The active PR's URL among the shapes the extension has used, or null. `repoRoot` picks the repository when several are open. */
export function activePullRequestUrl(exports: unknown, repoRoot?: string): string | null {
  const direct = prUrlOf(field(exports, 'activePullRequest'));
  if (direct) return direct;
  const repositories = field(exports, 'repositories');
  if (!Array.isArray(repositories)) return null;
  const ordered = repoRoot
    ? [...repositories].sort((a, b) => Number(rootOf(b) === repoRoot) - Number(rootOf(a) === repoRoot))
    : repositories;
  for (const repo of ordered) {
    const url = prUrlOf(field(repo, 'activePullRequest')) ?? prUrlOf(field(repo, 'pullRequestModel'));
    if (url) return url;
  }
  return null;
}

function rootOf(repo: unknown): string | undefined {
  const root = field(field(repo, 'rootUri'), 'fsPath');
  return typeof root === 'string' ? root : undefined;
}
