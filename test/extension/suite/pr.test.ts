// Linking pull requests to tasks from a git repository, inside the real VS Code.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { WscTestApi } from '../../../extension/test-api';
import { asOther, controlPost, FIXTURE, signedIn, waitFor } from './support';

interface ServiceTask {
  ref: string;
  title: string;
  status: string;
  pr_url: string | null;
  pr_number: number | null;
  repo_full_name: string | null;
  branch: string | null;
  assignee_user_id: string | null;
}

const OWNER_ID = 'a0000000-0000-4000-8000-000000000001';
const task = async (ref: string) => (await asOther<{ task: ServiceTask }>(FIXTURE.adminToken, 'GET', `/api/v1/actions/get_task?taskId=${ref}`)).task;

let api: WscTestApi;
let repoDir: string;
let ref: string;
let branch: string;

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: repoDir, encoding: 'utf8', env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } }).trim();
}

suite('pull requests and tasks', () => {
  suiteSetup(async () => {
    api = await signedIn();
    const created = await asOther<{ ref: string }>(FIXTURE.adminToken, 'POST', '/api/v1/tasks', { title: 'Link PR from the editor', status: 'todo', channel_id: FIXTURE.generalId });
    ref = created.ref;
    branch = `feature/${ref}-link-pr`;
    repoDir = mkdtempSync(join(tmpdir(), 'wsc-pr-repo-'));
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 'suite@example.invalid');
    git('config', 'user.name', 'Suite');
    writeFileSync(join(repoDir, 'README.md'), '# app\n');
    git('add', 'README.md');
    git('commit', '-q', '-m', 'init');
    git('remote', 'add', 'origin', 'git@github.com:acme/app.git');
    git('checkout', '-q', '-b', branch);
    // The harness profile turns git off to keep other suites quiet; this suite needs it.
    await vscode.workspace.getConfiguration('git').update('enabled', true, vscode.ConfigurationTarget.Global);
    await waitFor('the built-in git extension', () => api.pullRequests.git.api());
    // The test repository lies outside the workspace folder: VS Code 1.103's git API opens such a
    // repository only with openRepositoryInParentFolders = always (1.139 opens it anyway).
    await vscode.workspace.getConfiguration('git').update('openRepositoryInParentFolders', 'always', vscode.ConfigurationTarget.Global);
    const repo = await api.pullRequests.git.useRepository(repoDir);
    assert.ok(repo, 'the built-in git extension opened the test repository');
    await waitFor('git to read the branch', async () => (await api.pullRequests.git.context()).branch === branch);
  });
  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('git').update('enabled', false, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('git').update('openRepositoryInParentFolders', undefined, vscode.ConfigurationTarget.Global);
    if (repoDir) rmSync(repoDir, { recursive: true, force: true });
  });

  test('the git adapter reads the repository, branch and remote from the built-in git extension', async () => {
    const context = await api.pullRequests.git.context();
    assert.equal(context.branch, branch);
    assert.equal(context.remoteUrl, 'git@github.com:acme/app.git');
  });

  test('the status bar shows the task the branch names and offers to link its pull request', async () => {
    await api.pullRequests.status.refresh();
    const shown = await waitFor('the branch task', () => api.pullRequests.status.task);
    assert.equal(shown.ref, ref);
    assert.match(api.pullRequests.status.item.text, new RegExp(`${ref} Link PR from the editor · todo`));
    assert.equal(api.pullRequests.status.item.command && typeof api.pullRequests.status.item.command === 'object' ? api.pullRequests.status.item.command.command : '', 'wsc.linkPullRequest');
  });

  test('wsc.linkPullRequest fills pr_url, pr_number, repo_full_name and branch for the branch’s task', async () => {
    await vscode.commands.executeCommand('wsc.linkPullRequest', { prUrl: 'https://github.com/acme/app/pull/77/files' });
    const linked = await task(ref);
    assert.equal(linked.pr_url, 'https://github.com/acme/app/pull/77');
    assert.equal(linked.pr_number, 77);
    assert.equal(linked.repo_full_name, 'acme/app');
    assert.equal(linked.branch, branch);
  });

  test('an invalid URL is refused before sending and the link is kept', async () => {
    const result = await vscode.commands.executeCommand('wsc.linkPullRequest', { prUrl: 'PR 78' });
    assert.equal(result, undefined);
    assert.equal((await task(ref)).pr_url, 'https://github.com/acme/app/pull/77');
  });

  test('wsc.unlinkPullRequest sends the empty string; linking again works', async () => {
    await vscode.commands.executeCommand('wsc.unlinkPullRequest', { ref });
    assert.equal((await task(ref)).pr_url, null);
    await vscode.commands.executeCommand('wsc.linkPullRequest', { ref, prUrl: 'https://github.com/acme/app/pull/77' });
    assert.equal((await task(ref)).pr_url, 'https://github.com/acme/app/pull/77');
  });

  test('the Tasks tree shows the linked PR; after the merge the task shows done on the next refresh', async () => {
    api.tasks.tree.refresh();
    const row = (await api.tasks.tree.list()).find((t) => t.ref === ref);
    assert.equal(row?.pr_url, 'https://github.com/acme/app/pull/77');
    let description = '';
    for (const group of await api.tasks.tree.getChildren()) {
      for (const node of await api.tasks.tree.getChildren(group)) {
        if (node.kind === 'task' && node.task.ref === ref) description = String(api.tasks.tree.getTreeItem(node).description ?? '');
      }
    }
    assert.match(description, /PR #77/);

    await controlPost('/pull-requests/merged', { pr_url: 'https://github.com/acme/app/pull/77' });
    api.tasks.tree.refresh();
    const after = (await api.tasks.tree.list()).find((t) => t.ref === ref);
    assert.equal(after?.status, 'done');
  });

  test('wsc.startWork creates the branch from the ref and title, moves the task to doing and assigns it', async () => {
    const created = await asOther<{ ref: string }>(FIXTURE.adminToken, 'POST', '/api/v1/tasks', { title: 'Start work: from the editor!', status: 'todo' });
    const result = await vscode.commands.executeCommand<{ branch: string; how: string }>('wsc.startWork', { ref: created.ref, assignToMe: true });
    assert.deepEqual(result, { branch: `${created.ref}-start-work-from-the-editor`, how: 'created', assigned: true });
    assert.equal(git('rev-parse', '--abbrev-ref', 'HEAD'), `${created.ref}-start-work-from-the-editor`);
    const started = await task(created.ref);
    assert.equal(started.status, 'doing');
    assert.equal(started.assignee_user_id, OWNER_ID);
    // The status bar follows the branch.
    await waitFor('the status bar to follow the branch', async () => {
      await api.pullRequests.status.refresh();
      return api.pullRequests.status.task?.ref === created.ref;
    });

    // Starting again switches back to an existing branch instead of failing.
    git('checkout', '-q', 'main');
    await waitFor('git to see main', async () => (await api.pullRequests.git.context()).branch === 'main');
    const again = await vscode.commands.executeCommand<{ how: string }>('wsc.startWork', { ref: created.ref, assignToMe: false });
    assert.equal(again?.how, 'switched');
    assert.equal(git('rev-parse', '--abbrev-ref', 'HEAD'), `${created.ref}-start-work-from-the-editor`);
  });

  test('without a URL, the input box offers the address derived from the remote and branch', async () => {
    const context = await api.pullRequests.git.context();
    const current = context.branch ?? '';
    const taskRef = /T-\d+/.exec(current)?.[0] ?? '';
    assert.ok(taskRef, `the branch ${current} names a task`);
    let settled = false;
    const linking = Promise.resolve(vscode.commands.executeCommand('wsc.linkPullRequest')).finally(() => (settled = true));
    // The person accepts the prefilled value (the quick input's accept command, repeated until the
    // box has shown: accepting while nothing is open does nothing).
    await waitFor('the input box to be accepted', async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (!settled) await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      return settled;
    });
    await linking;
    const linked = await task(taskRef);
    assert.equal(linked.pr_url, `https://github.com/acme/app/compare/${current}?expand=1`);
    assert.equal(linked.repo_full_name, 'acme/app');
    assert.equal(linked.branch, current);
    assert.equal(linked.pr_number, null);
  });
});
