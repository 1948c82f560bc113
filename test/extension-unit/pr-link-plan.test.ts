import { describe, expect, it } from 'vitest';
import { activePullRequestUrl } from '../../extension/pull-requests/active-pr-probe';
import { planLink, suggestPrUrl, taskRefForBranch, UNLINK_PATCH } from '../../extension/pull-requests/link-plan';

const git = { branch: 'feature/T-3-write-deploy-docs', remoteUrl: 'git@github.com:acme/app.git' };

describe('where the PR URL comes from', () => {
  it('the active PR first', () => {
    expect(suggestPrUrl(git, 'https://github.com/acme/app/pull/7')).toEqual({ source: 'active_pr', url: 'https://github.com/acme/app/pull/7' });
  });
  it('else derived from the remote and the branch', () => {
    expect(suggestPrUrl(git, null)).toEqual({ source: 'derived', url: 'https://github.com/acme/app/compare/feature/T-3-write-deploy-docs?expand=1' });
  });
  it('else nothing (unknown provider, no remote, detached HEAD)', () => {
    expect(suggestPrUrl({ branch: 'x', remoteUrl: 'https://git.example.org/a/b.git' }, null)).toEqual({ source: 'none', url: '' });
    expect(suggestPrUrl({ branch: 'x', remoteUrl: null }, null).source).toBe('none');
    expect(suggestPrUrl({ branch: null, remoteUrl: git.remoteUrl }, null).source).toBe('none');
  });
  it('the task comes from the branch name', () => {
    expect(taskRefForBranch(git)).toBe('T-3');
    expect(taskRefForBranch({ branch: 'main', remoteUrl: null })).toBeNull();
    expect(taskRefForBranch({ branch: null, remoteUrl: null })).toBeNull();
  });
});

describe('the link patch', () => {
  it('fills pr_url, pr_number, repo_full_name and branch from a PR URL', () => {
    expect(planLink(' https://github.com/acme/app/pull/42/files ', git)).toEqual({
      kind: 'link',
      url: 'https://github.com/acme/app/pull/42',
      patch: { pr_url: 'https://github.com/acme/app/pull/42', pr_number: 42, repo_full_name: 'acme/app', branch: git.branch },
    });
  });
  it('a derived or other http(s) URL links too, with the repo from the remote and no number', () => {
    const url = 'https://github.com/acme/app/compare/feature/T-3-write-deploy-docs?expand=1';
    expect(planLink(url, git)).toEqual({ kind: 'link', url, patch: { pr_url: url, repo_full_name: 'acme/app', branch: git.branch } });
  });
  it('refuses a non-URL before sending, with the spec’s rule', () => {
    const plan = planLink('PR 42', git);
    expect(plan.kind).toBe('invalid');
    if (plan.kind === 'invalid') {
      expect(plan.message).toContain('full http(s) URL');
      expect(plan.hint).toContain('empty to unlink');
    }
    expect(planLink('ftp://github.com/acme/app/pull/1', git).kind).toBe('invalid');
  });
  it('empty unlinks with the spec’s empty string', () => {
    expect(planLink('  ', git)).toEqual({ kind: 'unlink', patch: { pr_url: '' } });
    expect(UNLINK_PATCH).toEqual({ pr_url: '' });
  });
});

describe('the GitHub Pull Requests extension probe (optional, guarded)', () => {
  it('finds a PR URL among known shapes and ignores everything else', () => {
    expect(activePullRequestUrl(undefined)).toBeNull();
    expect(activePullRequestUrl({})).toBeNull();
    expect(activePullRequestUrl({ activePullRequest: { html_url: 'https://github.com/a/b/pull/3' } })).toBe('https://github.com/a/b/pull/3');
    expect(activePullRequestUrl({ repositories: [{ pullRequestModel: { item: { html_url: 'https://github.com/a/b/pull/4' } } }] })).toBe('https://github.com/a/b/pull/4');
    expect(activePullRequestUrl({ activePullRequest: { html_url: 'javascript:alert(1)' } })).toBeNull();
  });
  it('prefers the repository at the given root', () => {
    const exports = {
      repositories: [
        { rootUri: { fsPath: '/one' }, activePullRequest: { url: 'https://github.com/a/one/pull/1' } },
        { rootUri: { fsPath: '/two' }, activePullRequest: { url: 'https://github.com/a/two/pull/2' } },
      ],
    };
    expect(activePullRequestUrl(exports, '/two')).toBe('https://github.com/a/two/pull/2');
  });
  it('survives getters that throw', () => {
    const hostile = Object.defineProperty({}, 'activePullRequest', { get: () => { throw new Error('boom'); } });
    expect(activePullRequestUrl(hostile)).toBeNull();
  });
});
