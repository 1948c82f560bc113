// The pull-request commands' flows without vscode (extension/pull-requests/link-flow.ts,
// start-work-flow.ts), against the local service with scripted answers; and the optional GitHub Pull
// Requests extension probe.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../../shared/client';
import { COMMANDS, type Task, type TaskRow } from '../../../shared/contract';
import { activePullRequestUrl } from '../../../extension/pull-requests/active-pr-probe';
import { linkPullRequest, unlinkPullRequest, type PrFlowContext } from '../../../extension/pull-requests/link-flow';
import type { PrQuestions, PrUrlQuestion } from '../../../extension/pull-requests/pr-questions';
import { startWork } from '../../../extension/pull-requests/start-work-flow';
import { startEmulator, type TestEmulator } from '../../support/emulator';

const MARIA = 'a0000000-0000-4000-8000-000000000003';
const onT3 = { branch: 'feature/T-3-write-deploy-docs', remoteUrl: 'git@github.com:acme/app.git', root: '/repo' };

let emu: TestEmulator;
let client: Client;

beforeAll(async () => {
  emu = await startEmulator();
  client = new Client({ baseUrl: emu.url, token: 'hpt_member_rw', clientName: 'extension-unit' });
  return async () => {
    await client.close();
    await emu.stop();
  };
});
afterEach(() => emu.control.reset());

interface Script {
  pick?: string;
  url?: (q: PrUrlQuestion) => string | undefined;
  confirm?: boolean;
}

function questions(script: Script) {
  const told: string[] = [];
  const asked: { picks: (readonly TaskRow[])[]; urls: PrUrlQuestion[]; confirms: string[] } = { picks: [], urls: [], confirms: [] };
  const ask: PrQuestions = {
    pickTask: async (tasks) => (asked.picks.push(tasks), script.pick),
    prUrl: async (q) => (asked.urls.push(q), script.url?.(q)),
    confirm: async (message) => (asked.confirms.push(message), script.confirm ?? false),
    info: (m) => void told.push(m),
  };
  return { ask, told, asked };
}

function context(script: Script, git: PrFlowContext['git'] = onT3): PrFlowContext & { told: string[]; asked: ReturnType<typeof questions>['asked']; changes: number } {
  const q = questions(script);
  const ctx = { client, git, ask: q.ask, told: q.told, asked: q.asked, changes: 0, changed: () => void (ctx.changes += 1) };
  return ctx;
}

const task = async (ref: string) => (await client.readAction<{ task: Task }>(COMMANDS.getTask, { taskId: ref })).task;

describe('wsc.linkPullRequest', () => {
  it('the branch names the task; the active PR is used as is', async () => {
    const ctx = context({});
    const patch = await linkPullRequest(ctx, undefined, 'https://github.com/acme/app/pull/7');
    expect(patch).toEqual({ pr_url: 'https://github.com/acme/app/pull/7', pr_number: 7, repo_full_name: 'acme/app', branch: onT3.branch });
    expect(ctx.asked.urls).toHaveLength(0);
    expect(ctx.told[0]).toContain('T-3 is linked to https://github.com/acme/app/pull/7');
    expect(ctx.changes).toBe(1);
    expect(await task('T-3')).toMatchObject({ pr_url: 'https://github.com/acme/app/pull/7', branch: onT3.branch });
  });

  it('asks with the derived address prefilled and the shared rule as validation', async () => {
    const ctx = context({ url: (q) => q.value });
    await linkPullRequest(ctx, { ref: 'T-3' }, null);
    const q = ctx.asked.urls[0]!;
    expect(q.value).toBe('https://github.com/acme/app/compare/feature/T-3-write-deploy-docs?expand=1');
    expect(q.validate('PR 42')).toContain('full http(s) URL');
    expect(q.validate('https://reviews.example.com/5')).toBeUndefined();
    expect(q.validate('')).toBeUndefined();
    expect(await task('T-3')).toMatchObject({ pr_url: q.value, repo_full_name: 'acme/app', branch: onT3.branch, pr_number: null });
  });

  it('another task on this branch: linked, the branch not recorded, and the person is told why', async () => {
    const ctx = context({});
    await linkPullRequest(ctx, { ref: 'T-2', prUrl: 'https://github.com/acme/app/pull/43' }, null);
    expect(await task('T-2')).toMatchObject({ pr_url: 'https://github.com/acme/app/pull/43', branch: 'fix/search-ranking' });
    expect(ctx.told[0]).toContain("feature/T-3-write-deploy-docs is T-3's, so it was not recorded on T-2");
  });

  it('cancelling the URL or the task question sends nothing; without a T-ref in the branch the task is picked', async () => {
    const ctx = context({ url: () => undefined });
    expect(await linkPullRequest(ctx, undefined, null)).toBeUndefined();
    expect(ctx.asked.picks).toHaveLength(0);
    expect(ctx.changes).toBe(0);
    const off = context({ pick: undefined }, { branch: 'main', remoteUrl: null, root: null });
    expect(await linkPullRequest(off, undefined, null)).toBeUndefined();
    expect(off.asked.picks[0]!.every((t) => t.status !== 'done' && t.status !== 'canceled')).toBe(true);
    expect(off.changes).toBe(0);
  });

  it('refuses a non-URL before sending and keeps the link', async () => {
    const before = await task('T-2');
    await expect(linkPullRequest(context({}), { ref: 'T-2', prUrl: 'PR 78' }, null)).rejects.toMatchObject({ message: expect.stringContaining('full http(s) URL') as unknown, hint: expect.stringContaining('empty to unlink') as unknown });
    expect(await task('T-2')).toMatchObject({ pr_url: before.pr_url, updated_at: before.updated_at });
  });

  it('wsc.unlinkPullRequest sends the empty string only', async () => {
    const ctx = context({});
    expect(await unlinkPullRequest(ctx, { ref: 'T-2' })).toBe(true);
    expect(await task('T-2')).toMatchObject({ pr_url: null, branch: 'fix/search-ranking' });
    expect(ctx.told).toEqual(['T-2 has no linked pull request now.']);
  });
});

describe('wsc.startWork', () => {
  function repository(head: string, branches: string[]) {
    const calls: string[] = [];
    return {
      calls,
      repo: {
        rootUri: undefined as never,
        state: { HEAD: { name: head }, remotes: [], onDidChange: undefined as never },
        getBranch: async (name: string) => {
          if (!branches.includes(name)) throw new Error('no such branch');
          return { name };
        },
        checkout: async (name: string) => void calls.push(`checkout ${name}`),
        createBranch: async (name: string, checkout: boolean) => void calls.push(`create ${name} ${checkout}`),
      },
    };
  }

  it('creates the branch from the pattern, moves the task to doing and asks to assign it', async () => {
    const { repo, calls } = repository('main', []);
    const q = questions({ confirm: true });
    const result = await startWork({ client, ask: q.ask, changed: () => undefined, repository: repo, branchPattern: 'feature/{ref}-{slug}', me: MARIA }, { ref: 'T-3' });
    expect(result).toEqual({ branch: 'feature/T-3-write-deploy-docs', how: 'created', assigned: true });
    expect(calls).toEqual(['create feature/T-3-write-deploy-docs true']);
    expect(q.asked.confirms[0]).toBe('Created and switched to feature/T-3-write-deploy-docs; T-3 is now doing. Assign it to you?');
    expect(await task('T-3')).toMatchObject({ status: 'doing', assignee_user_id: MARIA });
  });

  it('switches to an existing branch; the argument answers the assignment', async () => {
    const { repo, calls } = repository('main', ['T-3-write-deploy-docs']);
    const q = questions({});
    const result = await startWork({ client, ask: q.ask, changed: () => undefined, repository: repo, branchPattern: '', me: MARIA }, { ref: 'T-3', assignToMe: false });
    expect(result).toEqual({ branch: 'T-3-write-deploy-docs', how: 'switched', assigned: false });
    expect(calls).toEqual(['checkout T-3-write-deploy-docs']);
    expect(q.asked.confirms).toHaveLength(0);
  });

  it('says what to do without a repository; a pattern is cleaned into a valid branch name', async () => {
    const q = questions({});
    await expect(startWork({ client, ask: q.ask, changed: () => undefined, repository: undefined, branchPattern: '', me: MARIA }, { ref: 'T-3' })).rejects.toMatchObject({
      message: 'No git repository is open.',
    });
    const { repo } = repository('main', []);
    await expect(startWork({ client, ask: q.ask, changed: () => undefined, repository: repo, branchPattern: '{ref}/', me: MARIA }, { ref: 'T-3' })).resolves.toMatchObject({ branch: 'T-3' });
  });

  it('names the branch as the terminal does: a blank pattern is the default pattern', async () => {
    const q = questions({ confirm: false });
    const { repo } = repository('main', []);
    await expect(startWork({ client, ask: q.ask, changed: () => undefined, repository: repo, branchPattern: '  ', me: MARIA }, { ref: 'T-3' })).resolves.toMatchObject({
      branch: 'T-3-write-deploy-docs',
    });
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
