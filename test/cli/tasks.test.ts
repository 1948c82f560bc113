// wsc task list|show|create|update|link, including link inside a git repository.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Task } from '../../shared';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { cliEnv, makeHome, runWsc } from './run-wsc';

let emu: TestEmulator;
let owner: Client;
const env = () => cliEnv(makeHome(), { url: emu.url, token: 'hpt_member_rw' });
const getTask = async (ref: string) => (await owner.readAction<{ task: Task }>('get_task', { taskId: ref })).task;

beforeAll(async () => {
  emu = await startEmulator();
  owner = new Client({ baseUrl: emu.url, token: 'hpt_owner_all', clientName: 'test' });
});
afterAll(async () => {
  await owner.close();
  await emu.stop();
});

function gitRepo(branch: string, remote: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'wsc-cli-git-'));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: dir } });
  git('init', '-q', '-b', 'main');
  git('checkout', '-q', '-b', branch);
  git('remote', 'add', 'origin', remote);
  return dir;
}

describe('wsc task', () => {
  it('list --json prints {tasks:[...]}; filters go to the service', async () => {
    const all = await runWsc(['task', 'list', '--json'], { env: env() });
    expect(all.code).toBe(0);
    const { tasks } = JSON.parse(all.stdout) as { tasks: Array<{ ref: string; status: string; assignee_user_id: string | null }> };
    expect(tasks.map((t) => t.ref)).toContain('T-2');
    const mine = await runWsc(['task', 'list', '--mine', '--status', 'in_review', '--json'], { env: env() });
    const rows = (JSON.parse(mine.stdout) as { tasks: Array<{ ref: string; status: string; assignee_user_id: string }> }).tasks;
    expect(rows.map((t) => t.ref)).toEqual(['T-2']);
    const text = await runWsc(['task', 'list', '--channel', 'general'], { env: env() });
    expect(text.stdout).toMatch(/^T-2\s+in_review\s+Fix search ranking urgent https:\/\/github.com\/acme\/app\/pull\/42$/m);
  });

  it('list --priority and --label (matched on the rows the service returns) narrow the list, as the README says', async () => {
    const refs = async (...args: string[]) => (JSON.parse((await runWsc(['task', 'list', ...args, '--json'], { env: env() })).stdout) as { tasks: Array<{ ref: string }> }).tasks.map((t) => t.ref);
    expect(await refs('--priority', 'urgent')).toEqual(['T-2']);
    expect(await refs('--priority', '1')).toEqual(['T-2']);
    expect(await refs('--label', 'Docs')).toEqual(['T-3']);
    expect(await refs('--label', 'search', '--label', 'bug')).toEqual(['T-2']);
    expect(await refs('--label', 'search', '--label', 'docs')).toEqual([]);
    const bad = await runWsc(['task', 'list', '--priority', 'soonish'], { env: env() });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("'soonish' is not a priority");
  });

  it('a bad status is refused before sending (exit 2)', async () => {
    const r = await runWsc(['task', 'list', '--status', 'finished'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("'finished' is not a task status. [usage]");
    expect(r.stderr).toContain('hint: Use one of: backlog, todo, doing, in_review, done, canceled.');
  });

  it('show prints the task; --json {task}; an unknown ref exits 4', async () => {
    const r = await runWsc(['task', 'show', 't-2'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^T-2 Fix search ranking\n {2}status +in_review\n/);
    expect(r.stdout).toContain('Ranking is off.');
    const j = await runWsc(['task', 'show', 'T-2', '--json'], { env: env() });
    expect(JSON.parse(j.stdout)).toMatchObject({ task: { ref: 'T-2', pr_url: 'https://github.com/acme/app/pull/42', description: 'Ranking is off.' } });
    const missing = await runWsc(['task', 'show', 'T-999'], { env: env() });
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain('[not_found]');
  });

  it('create and update: fields, labels, description from stdin, a note; --json shapes', async () => {
    const created = await runWsc(['task', 'create', 'Write', 'the', 'CLI', 'docs', '--status', 'todo', '--priority', 'high', '--label', 'docs', '--label', 'cli', '--channel', 'general', '--description', '-', '--json'], {
      env: env(),
      input: 'Cover **every** subcommand.\n',
    });
    expect(created.code).toBe(0);
    const result = JSON.parse(created.stdout) as { id: string; number: number; ref: string };
    expect(Object.keys(result).sort()).toEqual(['id', 'number', 'ref']);
    expect(await getTask(result.ref)).toMatchObject({ title: 'Write the CLI docs', status: 'todo', priority: 2, labels: ['docs', 'cli'], description: 'Cover **every** subcommand.', channel_id: 'c0000000-0000-4000-8000-000000000001' });

    const updated = await runWsc(['task', 'update', result.ref, '--status', 'doing', '--note', 'started', '--assignee-user', 'a0000000-0000-4000-8000-000000000003', '--json'], { env: env() });
    expect(updated.code).toBe(0);
    expect(JSON.parse(updated.stdout)).toEqual({ ok: true, number: result.number, ref: result.ref });
    const after = await getTask(result.ref);
    expect(after).toMatchObject({ status: 'doing', assignee_user_id: 'a0000000-0000-4000-8000-000000000003' });
    expect(after.description).toContain('started');

    const nothing = await runWsc(['task', 'update', result.ref], { env: env() });
    expect(nothing.code).toBe(2);
    const badPriority = await runWsc(['task', 'update', result.ref, '--priority', 'asap'], { env: env() });
    expect(badPriority.code).toBe(2);
  });

  it('link inside a git repo takes the T-ref from the branch and records branch and repository', async () => {
    const repo = gitRepo('feature/T-3-write-deploy-docs', 'git@github.com:acme/app.git');
    const r = await runWsc(['task', 'link', '--json'], { env: env(), cwd: repo });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(out).toMatchObject({ ok: true, ref: 'T-3', linked: { branch: 'feature/T-3-write-deploy-docs', repo_full_name: 'acme/app' } });
    expect(out.open_pull_request_url).toBe('https://github.com/acme/app/compare/feature/T-3-write-deploy-docs?expand=1');
    expect(await getTask('T-3')).toMatchObject({ branch: 'feature/T-3-write-deploy-docs', repo_full_name: 'acme/app' });

    const withUrl = await runWsc(['task', 'link', 'https://github.com/acme/app/pull/77'], { env: env(), cwd: repo });
    expect(withUrl.code).toBe(0);
    expect(withUrl.stdout).toContain('Linked T-3 to https://github.com/acme/app/pull/77.');
    expect(await getTask('T-3')).toMatchObject({ pr_url: 'https://github.com/acme/app/pull/77', pr_number: 77, repo_full_name: 'acme/app' });

    const unlink = await runWsc(['task', 'link', '--unlink'], { env: env(), cwd: repo });
    expect(unlink.code).toBe(0);
    expect(unlink.stdout).toContain('Unlinked the pull request of T-3.');
    expect((await getTask('T-3')).pr_url ?? '').toBe('');
  });

  it('link refuses a non-URL before sending (exit 2) and keeps the existing link', async () => {
    const before = await getTask('T-2');
    const r = await runWsc(['task', 'link', 'T-2', 'PR-42'], { env: env(), cwd: tmpdir() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is not a full http(s) URL');
    expect(r.stderr).toContain('hint: ');
    expect(await getTask('T-2')).toMatchObject({ pr_url: before.pr_url, updated_at: before.updated_at });
  });

  it('link outside a repository without a T-ref says which task is missing (exit 2)', async () => {
    const r = await runWsc(['task', 'link', 'https://github.com/acme/app/pull/1'], { env: env(), cwd: tmpdir() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('task link: which task? Give its T-ref. [usage]');
  });
});
