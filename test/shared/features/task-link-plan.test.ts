// The one PR-link plan every face uses (shared/tasks/pr-link-plan.ts), including the cases where the
// three former copies disagreed, and its patches sent to the local service.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../../shared/client';
import { COMMANDS, type Task } from '../../../shared/contract';
import { branchFacts, planPrLink, suggestPrUrl } from '../../../shared/tasks/pr-link-plan';
import { taskRefOfBranch } from '../../../shared/tasks/git-context';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { clientFor, MARIA_TOKEN } from '../support/clients';

const T3 = { ref: 'T-3' };
const onT3 = { branch: 'feature/T-3-write-deploy-docs', remoteUrl: 'git@github.com:acme/app.git' };

describe('planPrLink', () => {
  it('a recognised pull request gives its canonical URL, number, repository and the task’s branch', () => {
    expect(planPrLink(' https://github.com/acme/app/pull/42/files ', T3, onT3)).toEqual({
      kind: 'link',
      url: 'https://github.com/acme/app/pull/42',
      pr: { provider: 'github', repo_full_name: 'acme/app', number: 42, url: 'https://github.com/acme/app/pull/42' },
      branchNote: null,
      patch: { pr_url: 'https://github.com/acme/app/pull/42', pr_number: 42, repo_full_name: 'acme/app', branch: onT3.branch },
    });
  });

  it('any other full http(s) URL links too, repository from the remote', () => {
    for (const url of ['https://example.com/reviews/9', 'https://github.com/acme/app/compare/feature/T-3-write-deploy-docs?expand=1']) {
      expect(planPrLink(url, T3, onT3)).toMatchObject({ kind: 'link', url, pr: null, patch: { pr_url: url, repo_full_name: 'acme/app', branch: onT3.branch } });
    }
    expect(planPrLink('https://example.com/reviews/9', T3).kind).toBe('link');
  });

  it('the URL’s repository wins over the remote’s', () => {
    const plan = planPrLink('https://gitlab.com/g/p/-/merge_requests/7', T3, onT3);
    expect(plan).toMatchObject({ kind: 'link', patch: { repo_full_name: 'g/p', pr_number: 7 } });
  });

  it('records the branch only when it names that task, never any other branch', () => {
    const url = 'https://github.com/acme/app/pull/43';
    const onOther = planPrLink(url, { ref: 'T-2' }, onT3);
    expect(onOther).toMatchObject({ kind: 'link', patch: { pr_url: url, repo_full_name: 'acme/app' } });
    expect(onOther.kind === 'link' && 'branch' in onOther.patch).toBe(false);
    expect(onOther.kind === 'link' ? onOther.branchNote : null).toContain("feature/T-3-write-deploy-docs is T-3's");
    const onMain = planPrLink(url, { ref: 'T-2' }, { branch: 'main', remoteUrl: onT3.remoteUrl });
    expect(onMain).toMatchObject({ kind: 'link', branchNote: null });
    expect(onMain.kind === 'link' && 'branch' in onMain.patch).toBe(false);
    expect(planPrLink(url, { ref: 't-3' }, onT3)).toMatchObject({ patch: { branch: onT3.branch } });
  });

  it('falls back to the remote for the repository even off the task’s branch (the terminal UI never did)', () => {
    const plan = planPrLink('https://example.com/reviews/9', { ref: 'T-2' }, { branch: 'main', remoteUrl: 'https://github.com/acme/app.git' });
    expect(plan).toMatchObject({ patch: { repo_full_name: 'acme/app' } });
    expect(planPrLink('https://example.com/reviews/9', T3, { branch: null, remoteUrl: null })).toMatchObject({ patch: { pr_url: 'https://example.com/reviews/9' } });
  });

  it('only an empty value unlinks, and an unlink sends nothing else (no branch)', () => {
    expect(planPrLink('', T3, onT3)).toEqual({ kind: 'unlink', patch: { pr_url: '' } });
    // The spec: only "" unlinks; only spaces is refused and the link kept.
    expect(planPrLink('   ', T3, onT3)).toMatchObject({ kind: 'invalid', message: expect.stringContaining('link is kept') });
  });

  it('refuses a non-URL before sending, saying the rule and what to do', () => {
    for (const typed of ['PR 42', 'T-42', 'ftp://github.com/acme/app/pull/1', 'javascript:alert(1)', 'github.com/acme/app/pull/1']) {
      const plan = planPrLink(typed, T3, onT3);
      expect(plan.kind).toBe('invalid');
      if (plan.kind === 'invalid') {
        expect(plan.message).toContain('full http(s) URL');
        expect(plan.hint).toContain('empty to unlink');
      }
    }
  });

  it('without a URL records the task’s branch and repository, and refuses when the branch is not the task’s', () => {
    expect(planPrLink(undefined, T3, onT3)).toEqual({ kind: 'branch', branch: onT3.branch, patch: { branch: onT3.branch, repo_full_name: 'acme/app' } });
    const other = planPrLink(undefined, { ref: 'T-2' }, onT3);
    expect(other).toMatchObject({ kind: 'invalid', message: expect.stringContaining("is T-3's") as unknown });
    expect(other.kind === 'invalid' && other.hint).toContain('T-2');
    expect(planPrLink(undefined, T3, null)).toMatchObject({ kind: 'invalid', message: expect.stringContaining('no git branch') as unknown });
    expect(planPrLink(undefined, T3, { branch: 'main', remoteUrl: null })).toMatchObject({ kind: 'invalid', message: expect.stringContaining('names no task') as unknown });
  });
});

describe('what a face shows before the person types', () => {
  it('the branch, the task it names and where to open a pull request', () => {
    expect(branchFacts(T3, onT3)).toEqual({
      branch: onT3.branch,
      taskRef: 'T-3',
      namesTask: true,
      openPrUrl: 'https://github.com/acme/app/compare/feature/T-3-write-deploy-docs?expand=1',
    });
    expect(branchFacts({ ref: 'T-2' }, onT3, { base: 'main' })).toMatchObject({ namesTask: false, openPrUrl: 'https://github.com/acme/app/compare/main...feature/T-3-write-deploy-docs?expand=1' });
    expect(branchFacts(T3, { branch: 'x', remoteUrl: null })).toEqual({ branch: 'x', taskRef: null, namesTask: false, openPrUrl: null });
    expect(branchFacts(T3, { branch: null, remoteUrl: onT3.remoteUrl })).toBeNull();
    expect(branchFacts(T3, null)).toBeNull();
  });

  it('the suggested URL: the active pull request, else derived from the remote, else nothing', () => {
    expect(suggestPrUrl(onT3, 'https://github.com/acme/app/pull/7')).toEqual({ source: 'active_pr', url: 'https://github.com/acme/app/pull/7' });
    expect(suggestPrUrl(onT3, null)).toEqual({ source: 'derived', url: 'https://github.com/acme/app/compare/feature/T-3-write-deploy-docs?expand=1' });
    expect(suggestPrUrl({ branch: 'x', remoteUrl: 'https://git.example.org/a/b.git' }, null)).toEqual({ source: 'none', url: '' });
    expect(suggestPrUrl({ branch: null, remoteUrl: onT3.remoteUrl }, null).source).toBe('none');
  });

  it('the task a branch names', () => {
    expect(taskRefOfBranch(onT3)).toBe('T-3');
    expect(taskRefOfBranch({ branch: 'main', remoteUrl: null })).toBeNull();
    expect(taskRefOfBranch({ branch: null, remoteUrl: null })).toBeNull();
    expect(taskRefOfBranch(null)).toBeNull();
  });
});

describe('the plan’s patches, sent to the local service', () => {
  let emu: TestEmulator;
  let maria: Client;
  const task = async (ref: string) => (await maria.readAction<{ task: Task }>(COMMANDS.getTask, { taskId: ref })).task;
  const send = async (ref: string, input: string | undefined, git = onT3) => {
    const plan = planPrLink(input, { ref }, git);
    if (plan.kind === 'invalid') throw new Error(plan.message);
    await maria.patchTask(ref, plan.patch);
    return task(ref);
  };

  beforeAll(async () => {
    emu = await startEmulator();
    maria = clientFor(emu.url, MARIA_TOKEN);
    return async () => {
      await maria.close();
      await emu.stop();
    };
  });

  it('links a PR, accepts a non-PR URL, keeps another task’s branch, and unlinks', async () => {
    expect(await send('T-3', 'https://github.com/acme/app/pull/77/files')).toMatchObject({
      pr_url: 'https://github.com/acme/app/pull/77',
      pr_number: 77,
      repo_full_name: 'acme/app',
      branch: onT3.branch,
    });
    expect(await send('T-3', 'https://reviews.example.com/r/5')).toMatchObject({ pr_url: 'https://reviews.example.com/r/5', branch: onT3.branch });
    // T-2 is on fix/search-ranking; linking it from T-3's branch leaves that alone.
    expect(await send('T-2', 'https://github.com/acme/app/pull/43')).toMatchObject({ pr_url: 'https://github.com/acme/app/pull/43', branch: 'fix/search-ranking' });
    const unlinked = await send('T-3', '');
    expect(unlinked.pr_url ?? '').toBe('');
    expect(unlinked.branch).toBe(onT3.branch);
  });
});
