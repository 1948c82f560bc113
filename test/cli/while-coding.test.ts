// wsc task start, share, hooks and search, in real temporary git repositories (a bare repository as
// origin holds the default branch) against the local service.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, LIMITS, type Message, type Task } from '../../shared';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { cliEnv, makeHome, runWsc } from './run-wsc';

const MARIA = 'a0000000-0000-4000-8000-000000000003';
const GENERAL = 'c0000000-0000-4000-8000-000000000001';
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

const GIT_ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@example.com' };

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...GIT_ENV, HOME: dir } }).trim();
}

/** A clone of a bare origin whose default branch `main` has one commit; the clone is on main. */
function repoWithOrigin(): { repo: string; origin: string } {
  const base = mkdtempSync(join(tmpdir(), 'wsc-coding-'));
  const origin = join(base, 'origin.git');
  const seed = join(base, 'seed');
  git(base, 'init', '-q', '--bare', '-b', 'main', origin);
  mkdirSync(seed);
  git(seed, 'init', '-q', '-b', 'main');
  writeFileSync(join(seed, 'README.md'), '# app\n');
  writeFileSync(join(seed, 'app.ts'), 'export const one = 1;\n// TODO: two\nexport const three = 3;\n');
  git(seed, 'add', '.');
  git(seed, 'commit', '-q', '-m', 'first');
  git(seed, 'push', '-q', origin, 'main');
  const repo = join(base, 'repo');
  git(base, 'clone', '-q', origin, repo);
  return { repo, origin };
}

describe('wsc task start', () => {
  it('makes the branch off the default branch, moves the task to doing and assigns it to me', async () => {
    const { repo } = repoWithOrigin();
    git(repo, 'switch', '-q', '-c', 'elsewhere');
    writeFileSync(join(repo, 'other.txt'), 'x\n');
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'not on main');
    const created = await owner.createTask({ title: 'Fix the login redirect', status: 'todo' });

    const r = await runWsc(['task', 'start', created.ref.toLowerCase()], { env: env(), cwd: repo });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const branch = `${created.ref}-fix-the-login-redirect`;
    expect(r.stdout).toBe(`Created ${branch} off origin/main and switched to it.\n${created.ref} is now doing; assigned to you.\n`);
    expect(git(repo, 'branch', '--show-current')).toBe(branch);
    // Off main, not off the branch it was started from.
    expect(git(repo, 'rev-parse', 'HEAD')).toBe(git(repo, 'rev-parse', 'origin/main'));
    const task = await getTask(created.ref);
    expect(task.status).toBe('doing');
    expect(task.assignee_user_id).toBe(MARIA);

    // Again: already on it, nothing left to change.
    const again = await runWsc(['task', 'start', created.ref, '--json'], { env: env(), cwd: repo });
    expect(JSON.parse(again.stdout)).toMatchObject({ task: created.ref, branch, how: 'already', status_changed: false, assignment: 'already-mine' });
  });

  it("leaves someone else's task assigned to them and takes a pattern from git config", async () => {
    const { repo } = repoWithOrigin();
    git(repo, 'config', 'wsc.branchPattern', 'feature/{number}-{slug}');
    const r = await runWsc(['task', 'start', 'T-3', '--json'], { env: env(), cwd: repo });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ branch: 'feature/3-write-deploy-docs', how: 'created', base: 'origin/main', assignment: 'someone-else', status_changed: true });
    const task = await getTask('T-3');
    expect(task.status).toBe('doing');
    expect(task.assignee_user_id).toBe('a0000000-0000-4000-8000-000000000004');
  });

  it('refuses a work tree with changes (nothing changes), and --carry takes them along', async () => {
    const { repo } = repoWithOrigin();
    writeFileSync(join(repo, 'app.ts'), 'changed\n');
    const created = await owner.createTask({ title: 'Carry me', status: 'backlog' });
    const refused = await runWsc(['task', 'start', created.ref], { env: env(), cwd: repo });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/uncommitted changes \(app\.ts\).*\n {2}hint: .*--carry/);
    expect(git(repo, 'branch', '--show-current')).toBe('main');
    expect((await getTask(created.ref)).status).toBe('backlog');

    const carried = await runWsc(['task', 'start', created.ref, '--carry'], { env: env(), cwd: repo });
    expect(carried.code).toBe(0);
    expect(carried.stdout).toContain('(carrying 1 changed file)');
    expect(git(repo, 'branch', '--show-current')).toBe(`${created.ref}-carry-me`);
    expect(readFileSync(join(repo, 'app.ts'), 'utf8')).toBe('changed\n');
    expect((await getTask(created.ref)).status).toBe('doing');
  });

  it('says the branch was made when the service refuses the change (read-only token)', async () => {
    const { repo } = repoWithOrigin();
    const created = await owner.createTask({ title: 'Read only', status: 'todo' });
    const r = await runWsc(['task', 'start', created.ref], { env: cliEnv(makeHome(), { url: emu.url, token: 'hpt_member_read' }), cwd: repo });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(`On ${created.ref}-read-only, but ${created.ref} was not changed:`);
    expect(git(repo, 'branch', '--show-current')).toBe(`${created.ref}-read-only`);
    expect((await getTask(created.ref)).status).toBe('todo');
  });

  it('outside a git repository says so, and a bad ref is refused before connecting', async () => {
    const outside = await runWsc(['task', 'start', 'T-1'], { env: env(), cwd: mkdtempSync(join(tmpdir(), 'wsc-nogit-')) });
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain('not inside a git repository');
    const bad = await runWsc(['task', 'start', 'login'], { env: cliEnv(makeHome()), cwd: tmpdir() });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("'login' is not a task ref");
  });

  it('task show --editor-link prints the vscode:// link without the service', async () => {
    const r = await runWsc(['task', 'show', 't-12', '--editor-link'], { env: cliEnv(makeHome()) });
    expect(r).toMatchObject({ code: 0, stdout: 'vscode://wsc-dev.wsc/open?task=T-12\n' });
  });
});

describe('wsc share', () => {
  it('posts lines of a file to a channel as a fenced block, read back from the service', async () => {
    const { repo } = repoWithOrigin();
    const r = await runWsc(['share', 'app.ts:2-3', '#general', '--note', 'look', '--json'], { env: env(), cwd: repo });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const posted = JSON.parse(r.stdout) as { id: string; shared: string; permalink: string | null };
    expect(posted).toMatchObject({ shared: 'app.ts:2-3', permalink: null });
    const page = await owner.messages(GENERAL, { limit: 5 });
    const message = page.messages.find((m: Message) => m.id === posted.id);
    const commit = git(repo, 'rev-parse', 'HEAD').slice(0, 7);
    expect(message?.body).toBe(`look\n\n\`app.ts:2-3 @ ${commit}\`\n\`\`\`ts\n// TODO: two\nexport const three = 3;\n\`\`\``);
  });

  it('links the lines on GitHub when the commit is on the remote', async () => {
    const { repo } = repoWithOrigin();
    git(repo, 'remote', 'set-url', 'origin', 'git@github.com:acme/app.git');
    const commit = git(repo, 'rev-parse', 'HEAD');
    const r = await runWsc(['share', 'app.ts:1', 'general', '--json'], { env: env(), cwd: repo });
    expect(JSON.parse(r.stdout)).toMatchObject({ permalink: `https://github.com/acme/app/blob/${commit}/app.ts#L1` });
    // Changed since the commit: no permalink (it would show other lines).
    writeFileSync(join(repo, 'app.ts'), 'export const one = 1;\n');
    const changed = await runWsc(['share', 'app.ts:1', 'general', '--json'], { env: env(), cwd: repo });
    expect(JSON.parse(changed.stdout)).toMatchObject({ permalink: null });
  });

  it('adds the snippet to a task as a note', async () => {
    const { repo } = repoWithOrigin();
    const created = await owner.createTask({ title: 'Note target' });
    const r = await runWsc(['share', 'app.ts:2', created.ref], { env: env(), cwd: repo });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`Added app.ts:2 to ${created.ref} as a note.\n`);
    const task = await getTask(created.ref);
    expect(task.description).toContain('```ts\n// TODO: two\n```');
    expect(task.description).toContain('`app.ts:2 @ ');
  });

  it('refuses a binary file and an oversize snippet before sending anything', async () => {
    const { repo } = repoWithOrigin();
    writeFileSync(join(repo, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x01]));
    // Just over a message body's bound (in characters), far under any byte limit.
    writeFileSync(join(repo, 'big.txt'), `${'x'.repeat(999)}\n`.repeat(LIMITS.messageBodyMax / 1000 + 1));
    writeFileSync(join(repo, 'note.txt'), `${'x'.repeat(999)}\n`.repeat(LIMITS.taskNoteMax / 1000 + 1));
    const before = (await owner.messages(GENERAL, { limit: 200 })).messages.length;
    // A service nobody listens on: any request would end in a network error (exit 6), not a refusal.
    const nowhere = cliEnv(makeHome(), { url: 'http://127.0.0.1:9', token: 'hpt_member_rw' });
    for (const e of [env(), nowhere]) {
      const binary = await runWsc(['share', 'logo.png', '#general'], { env: e, cwd: repo });
      expect(binary.code).toBe(2);
      expect(binary.stderr).toMatch(/'logo\.png' is binary, not text; nothing was sent\. \[usage\]\n {2}hint: /);
      const big = await runWsc(['share', 'big.txt', '#general'], { env: e, cwd: repo });
      expect(big.code).toBe(2);
      expect(big.stderr).toMatch(/big\.txt:1-41 is too large to share: 41,0\d\d characters, and a message holds at most 40,000\. Nothing was sent\. \[usage\]\n {2}hint: Share fewer lines/);
      const note = await runWsc(['share', 'note.txt', 'T-1'], { env: e, cwd: repo });
      expect(note.code).toBe(2);
      expect(note.stderr).toMatch(/note\.txt:1-11 is too large to share: 11,0\d\d characters, and a task note holds at most 10,000\. Nothing was sent\./);
    }
    expect((await owner.messages(GENERAL, { limit: 200 })).messages.length).toBe(before);
  });

  it('refuses a line range past the end of the file', async () => {
    const { repo } = repoWithOrigin();
    const r = await runWsc(['share', 'app.ts:2-9', '#general'], { env: env(), cwd: repo });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("'app.ts' has 3 lines; there is no line 9.");
  });
});

describe('wsc hooks', () => {
  it('installs a prepare-commit-msg hook that adds the branch ref, and uninstalls it', async () => {
    const { repo } = repoWithOrigin();
    const i = await runWsc(['hooks', 'install'], { env: env(), cwd: repo });
    expect(i.code).toBe(0);
    const hook = join(repo, '.git', 'hooks', 'prepare-commit-msg');
    expect(i.stdout).toBe(`Installed ${hook}: commits on a branch naming a task get a trailer (Refs: T-12).\n`);

    git(repo, 'switch', '-q', '-c', 'T-12-fix-login');
    writeFileSync(join(repo, 'a.txt'), 'a\n');
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'Fix login');
    expect(git(repo, 'log', '-1', '--format=%B')).toBe('Fix login\n\nRefs: T-12');
    // Named already: not twice.
    writeFileSync(join(repo, 'b.txt'), 'b\n');
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'More for T-12');
    expect(git(repo, 'log', '-1', '--format=%B')).toBe('More for T-12');

    const prefix = await runWsc(['hooks', 'install', '--mode', 'prefix'], { env: env(), cwd: repo });
    expect(prefix.stdout).toMatch(/^Updated .*the ref as a prefix/);
    writeFileSync(join(repo, 'c.txt'), 'c\n');
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'Tidy');
    expect(git(repo, 'log', '-1', '--format=%B')).toBe('T-12 Tidy');

    // No ref in the branch name: the message stays.
    git(repo, 'switch', '-q', 'main');
    writeFileSync(join(repo, 'd.txt'), 'd\n');
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'Plain');
    expect(git(repo, 'log', '-1', '--format=%B')).toBe('Plain');

    const u = await runWsc(['hooks', 'uninstall'], { env: env(), cwd: repo });
    expect(u).toMatchObject({ code: 0, stdout: `Removed ${hook}.\n` });
    expect(existsSync(hook)).toBe(false);
    const none = await runWsc(['hooks', 'uninstall'], { env: env(), cwd: repo });
    expect(none.stdout).toContain('nothing to remove');
  });

  it('never overwrites or removes a hook it did not write, and respects core.hooksPath', async () => {
    const { repo } = repoWithOrigin();
    git(repo, 'config', 'core.hooksPath', 'githooks');
    const folder = join(repo, 'githooks');
    mkdirSync(folder);
    const foreign = '#!/bin/sh\necho mine\n';
    writeFileSync(join(folder, 'prepare-commit-msg'), foreign);
    chmodSync(join(folder, 'prepare-commit-msg'), 0o755);
    const i = await runWsc(['hooks', 'install'], { env: env(), cwd: repo });
    expect(i.code).toBe(5);
    expect(i.stderr).toMatch(/githooks\/prepare-commit-msg exists and wsc did not write it; it was left as it is\./);
    const u = await runWsc(['hooks', 'uninstall'], { env: env(), cwd: repo });
    expect(u.code).toBe(5);
    expect(readFileSync(join(folder, 'prepare-commit-msg'), 'utf8')).toBe(foreign);

    writeFileSync(join(folder, 'prepare-commit-msg'), '');
    execFileSync('rm', [join(folder, 'prepare-commit-msg')]);
    const ok = await runWsc(['hooks', 'install', '--mode', 'prefix'], { env: env(), cwd: repo });
    expect(ok.code).toBe(0);
    expect(existsSync(join(folder, 'prepare-commit-msg'))).toBe(true);
    expect(existsSync(join(repo, '.git', 'hooks', 'prepare-commit-msg'))).toBe(false);
    git(repo, 'switch', '-q', '-c', 'feature/t-7-x');
    writeFileSync(join(repo, 'e.txt'), 'e\n');
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'Seven');
    expect(git(repo, 'log', '-1', '--format=%B')).toBe('T-7 Seven');
  });

  it('refuses an unknown mode', async () => {
    const { repo } = repoWithOrigin();
    const r = await runWsc(['hooks', 'install', '--mode', 'suffix'], { env: env(), cwd: repo });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("'suffix' is not a mode");
  });
});

describe('wsc search', () => {
  it('finds messages through the service, filters one channel and prints JSON', async () => {
    const token = `needle-${Date.now()}`;
    await owner.postMessage(GENERAL, { body: `first ${token}` });
    await owner.postMessage('c0000000-0000-4000-8000-000000000006', { body: `second ${token}` });
    const all = await runWsc(['search', token, '--json'], { env: env() });
    expect(all.code).toBe(0);
    const hits = (JSON.parse(all.stdout) as { hits: Message[] }).hits;
    expect(hits.map((h) => h.body)).toEqual([`second ${token}`, `first ${token}`]);
    const one = await runWsc(['search', token, '--channel', '#general'], { env: env() });
    expect(one.code).toBe(0);
    expect(one.stdout).toContain(`#general`);
    expect(one.stdout).toContain(`first ${token}`);
    expect(one.stdout).not.toContain(`second ${token}`);
    const limited = await runWsc(['search', token, '--limit', '1', '--json'], { env: env() });
    expect((JSON.parse(limited.stdout) as { hits: Message[] }).hits).toHaveLength(1);
    const none = await runWsc(['search', 'zz-no-such-text-zz'], { env: env() });
    expect(none.stdout).toBe('No messages match.\n');
  });

  it('refuses a one-character search before sending', async () => {
    const r = await runWsc(['search', 'x'], { env: cliEnv(makeHome()) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('at least 2 characters');
  });
});
