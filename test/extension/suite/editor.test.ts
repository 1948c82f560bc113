// While coding, inside the real VS Code: hovers, links and completion of T-refs, @handles and
// message links; TODO → task; sharing the selection; the branch's ref in the commit message; the
// vscode:// open handler; and nothing of it while signed out.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { WscTestApi } from '../../../extension/test-api';
import { asOther, controlPost, FIXTURE, serviceUrl, signedIn, waitFor } from './support';

interface ServiceTask {
  ref: string;
  title: string;
  description: string;
}
interface ServiceMessage {
  id: string;
  body: string;
  url: string;
  parent_id: string | null;
}

const OWNER_ID = 'a0000000-0000-4000-8000-000000000001';
const readTask = async (ref: string) => (await asOther<{ task: ServiceTask }>(FIXTURE.adminToken, 'GET', `/api/v1/actions/get_task?taskId=${ref}`)).task;
const generalMessages = async () => (await asOther<{ messages: ServiceMessage[] }>(FIXTURE.adminToken, 'GET', `/api/v1/channels/${FIXTURE.generalId}/messages?limit=50`)).messages;

let api: WscTestApi;
let repoDir: string;
let sha: string;
let branchRef: string;

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: repoDir, encoding: 'utf8', env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } }).trim();
}

async function doc(content: string, language: string): Promise<vscode.TextDocument> {
  return vscode.workspace.openTextDocument({ content, language });
}

async function hoverText(document: vscode.TextDocument, position: vscode.Position): Promise<string> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position);
  return hovers
    .flatMap((h) => h.contents)
    .map((c) => (typeof c === 'string' ? c : c.value))
    .join('\n');
}

async function completionLabels(document: vscode.TextDocument, position: vscode.Position, trigger?: string): Promise<string[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, position, trigger);
  return list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
}

const endOf = (document: vscode.TextDocument, line = 0) => document.lineAt(line).range.end;

suite('while coding', () => {
  suiteSetup(async () => {
    api = await signedIn();
    // Mine and open, so completion puts it first.
    const created = await asOther<{ ref: string }>(FIXTURE.adminToken, 'POST', '/api/v1/tasks', { title: 'Editor suite: my open task', status: 'doing', channel_id: FIXTURE.generalId });
    await asOther(FIXTURE.adminToken, 'PATCH', `/api/v1/tasks/${created.ref}`, { assignee_user_id: OWNER_ID });
    branchRef = created.ref;
    repoDir = mkdtempSync(join(tmpdir(), 'wsc-editor-repo-'));
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 'suite@example.invalid');
    git('config', 'user.name', 'Suite');
    mkdirSync(join(repoDir, 'src'));
    writeFileSync(join(repoDir, 'src', 'app.ts'), 'export const a = 1;\n// TODO: cache the search results\nexport const b = 2;\n');
    git('add', '.');
    git('commit', '-q', '-m', 'init');
    git('remote', 'add', 'origin', 'git@github.com:acme/app.git');
    git('checkout', '-q', '-b', `${branchRef}-editor-suite`);
    sha = git('rev-parse', 'HEAD');
    await vscode.workspace.getConfiguration('git').update('enabled', true, vscode.ConfigurationTarget.Global);
    await waitFor('the built-in git extension', () => api.pullRequests.git.api());
    assert.ok(await api.pullRequests.git.useRepository(repoDir), 'the git extension opened the test repository');
    await waitFor('git to read the branch', async () => (await api.pullRequests.git.context()).branch === `${branchRef}-editor-suite`);
    await waitFor('the providers', () => api.editor.providersRegistered());
  });
  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('git').update('enabled', false, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (repoDir) rmSync(repoDir, { recursive: true, force: true });
  });

  test('a T-ref in a code comment hovers as the task card, with its names, PR and command links', async () => {
    const document = await doc('// see T-2 before merging\nconst title = "T-2";\nconst n = T-2;\n', 'typescript');
    const card = await hoverText(document, new vscode.Position(0, 9));
    assert.match(card, /T\\-2 Fix search ranking/);
    assert.match(card, /in review/);
    assert.match(card, /priority urgent/);
    assert.match(card, /Maria Member/);
    assert.match(card, /Epic: T\\-1 Search revamp/);
    assert.match(card, /PR \\#42/);
    assert.match(card, /command:wsc\.openTask\?/);
    assert.match(card, /command:wsc\.tasks\.setStatus\?/);
    assert.match(card, /command:wsc\.copyTaskLink\?/);
    assert.match(await hoverText(document, new vscode.Position(1, 17)), /Fix search ranking/, 'in a string too');
    assert.doesNotMatch(await hoverText(document, new vscode.Position(2, 12)), /Fix search ranking/, 'not in code');
  });

  test('an unknown ref, a ref in a URL or an identifier shows nothing', async () => {
    const document = await doc('T-99999 and https://example.com/T-2 and XT-2', 'plaintext');
    assert.equal(await hoverText(document, new vscode.Position(0, 3)), '');
    assert.equal(await hoverText(document, new vscode.Position(0, 33)), '');
    assert.equal(await hoverText(document, new vscode.Position(0, 42)), '');
  });

  test('@handle and a copied message link hover as the person and the message', async () => {
    const posted = await asOther<{ url: string }>(FIXTURE.adminToken, 'POST', `/api/v1/channels/${FIXTURE.generalId}/messages`, { body: 'Hover preview line one\nline two' });
    const document = await doc(`Ask @maria about ${posted.url} today`, 'markdown');
    assert.match(await hoverText(document, new vscode.Position(0, 6)), /Maria Member/);
    const message = await hoverText(document, new vscode.Position(0, 25));
    assert.match(message, /Adam Admin/);
    assert.match(message, /general/);
    assert.match(message, /Hover preview line one/);
    assert.match(message, /Open in channel/);
  });

  test('a workspace doc (wsc-doc:) hovers and links its refs', async () => {
    const created = await asOther<{ id: string }>(FIXTURE.adminToken, 'POST', '/api/v1/docs', { title: 'Editor suite notes', body: '# Notes\n\nThe ranking fix is T-2.\n' });
    await vscode.commands.executeCommand('wsc.docs.open', { id: created.id, title: 'Editor suite notes' });
    const editor = await waitFor('the doc editor', () => vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === 'wsc-doc' && e.document.uri.query === `id=${created.id}`));
    const line = editor.document.getText().split('\n').findIndex((l) => l.includes('T-2'));
    const column = editor.document.lineAt(line).text.indexOf('T-2') + 1;
    assert.match(await hoverText(editor.document, new vscode.Position(line, column)), /Fix search ranking/);
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', editor.document.uri);
    assert.ok(links.some((l) => l.target?.scheme === 'command' && editor.document.getText(l.range) === 'T-2'));
  });

  test('links: refs and message links open the task and the channel; fenced and inline code are not refs', async () => {
    const document = await doc('Fixes T-2.\n\n`T-3` inline\n\n```\nT-3 in a fence\n```\n', 'markdown');
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', document.uri);
    const ours = links.filter((l) => l.target?.scheme === 'command');
    assert.equal(ours.length, 1);
    assert.equal(document.getText(ours[0]!.range), 'T-2');
    assert.match(decodeURIComponent(ours[0]!.target!.toString()), /wsc\.openTask.*"ref":"T-2"/);
  });

  test('completion of T- offers my open tasks first, with status and title; @ offers people and agents', async () => {
    const document = await doc('Fixes T-', 'plaintext');
    const labels = await completionLabels(document, endOf(document), '-');
    assert.equal(labels[0], branchRef, 'my open task first');
    assert.ok(labels.includes('T-2'));
    const people = await doc('cc @', 'markdown');
    const handles = await completionLabels(people, endOf(people), '@');
    assert.ok(handles.includes('@maria') && handles.includes('@olivia'), handles.join(' '));
  });

  test('in code only comments complete, and wsc.completion.inCode turns code off', async () => {
    const document = await doc('// relates to T-\nconst x = T-', 'typescript');
    assert.ok((await completionLabels(document, endOf(document, 0), '-')).includes('T-2'));
    assert.ok(!(await completionLabels(document, endOf(document, 1), '-')).includes('T-2'));
    const python = await doc('x = 1  # see T-\n#', 'python');
    assert.ok((await completionLabels(python, endOf(python, 0), '-')).includes('T-2'), 'T- in a Python comment');
    assert.ok(!(await completionLabels(python, endOf(python, 1), '#')).includes('T-2'), 'a bare # starting a comment offers no tasks');
    const heading = await doc('#', 'markdown');
    assert.ok(!(await completionLabels(heading, endOf(heading), '#')).includes('T-2'), 'nor a Markdown heading');
    const settings = vscode.workspace.getConfiguration('wsc');
    await settings.update('completion.inCode', false, vscode.ConfigurationTarget.Global);
    try {
      assert.ok(!(await completionLabels(document, endOf(document, 0), '-')).includes('T-2'));
    } finally {
      await settings.update('completion.inCode', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  test('the commit message box offers the branch’s ref as a trailer, and the SCM button adds it', async () => {
    const input = await doc('Fix the ranking', 'scminput');
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', input.uri, endOf(input));
    const offered = list.items.find((i) => (typeof i.label === 'string' ? i.label : i.label.label) === branchRef);
    assert.ok(offered, 'the branch ref is offered');
    assert.equal((offered!.textEdit as vscode.TextEdit).newText, `Fix the ranking\n\nRefs: ${branchRef}`);
    const repo = await api.pullRequests.git.repository();
    repo!.inputBox.value = 'Fix the ranking';
    const value = await vscode.commands.executeCommand<string>('wsc.insertBranchTaskRef');
    assert.equal(value, `Fix the ranking\n\nRefs: ${branchRef}`);
    assert.equal(await vscode.commands.executeCommand<string>('wsc.insertBranchTaskRef'), value, 'added once');
  });

  test('the real Source Control commit box completes T-, offers the branch’s ref and hovers a ref', async function () {
    await vscode.commands.executeCommand('workbench.view.scm');
    const input = await waitFor('the commit message box document', () => vscode.workspace.textDocuments.find((d) => d.languageId === 'scminput' && d.uri.scheme === 'vscode-scm'), 15_000).catch(() => undefined);
    if (!input) return this.skip();
    const repo = await api.pullRequests.git.repository();
    repo!.inputBox.value = 'Fix ranking, see T-';
    await waitFor('the box to show the text', () => input.getText() === 'Fix ranking, see T-');
    const labels = await completionLabels(input, endOf(input), '-');
    assert.ok(labels.includes('T-2'), labels.join(' '));
    assert.equal(labels[0], branchRef, 'the branch’s ref first');
    repo!.inputBox.value = 'Fixes T-2';
    await waitFor('the box to show the text', () => input.getText() === 'Fixes T-2');
    assert.match(await hoverText(input, new vscode.Position(0, 7)), /Fix search ranking/);
    repo!.inputBox.value = '';
  });

  test('TODO → task: the code action creates the task with a permalink and rewrites the comment', async () => {
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(join(repoDir, 'src', 'app.ts')));
    await vscode.window.showTextDocument(document);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, new vscode.Range(1, 5, 1, 5));
    const create = actions.find((a) => a.title === 'Create Task from Comment');
    assert.ok(create?.command, actions.map((a) => a.title).join(', '));
    assert.ok(actions.some((a) => a.title === 'Link Comment to Task…'));
    const result = await vscode.commands.executeCommand<{ ref: string; rewritten: boolean }>(create!.command!.command, ...(create!.command!.arguments ?? []));
    assert.equal(result.rewritten, true);
    assert.equal(document.lineAt(1).text, `// TODO(${result.ref}): cache the search results`);
    const task = await readTask(result.ref);
    assert.equal(task.title, 'cache the search results');
    assert.ok(task.description.includes(`https://github.com/acme/app/blob/${sha}/src/app.ts#L2`), task.description);
    assert.equal((await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, new vscode.Range(1, 5, 1, 5))).filter((a) => a.title === 'Create Task from Comment').length, 0, 'no second task for a linked comment');
  });

  test('Link Comment to Task puts an existing task’s ref into the comment', async () => {
    const document = await doc('# FIXME: flaky on slow disks\nx = 1\n', 'python');
    const result = await vscode.commands.executeCommand<{ ref: string; rewritten: boolean }>('wsc.linkCommentToTask', { uri: document.uri.toString(), line: 0, ref: 'T-2' });
    assert.deepEqual(result, { ref: 'T-2', rewritten: true });
    assert.equal(document.lineAt(0).text, '# FIXME(T-2): flaky on slow disks');
  });

  test('Share Selection to Channel posts a fenced snippet with path and permalink, or into a thread; binary and oversize ones are refused before sending', async () => {
    const uri = vscode.Uri.file(join(repoDir, 'src', 'app.ts')).toString();
    const shared = await vscode.commands.executeCommand<{ ok: boolean; id: string }>('wsc.shareSelectionToChannel', { uri, range: [0, 0, 1, 0], channelId: FIXTURE.generalId });
    assert.equal(shared.ok, true);
    const posted = (await generalMessages()).find((m) => m.id === shared.id);
    assert.ok(posted, 'the share was posted');
    assert.match(posted!.body, /src\/app\.ts/);
    assert.match(posted!.body, new RegExp(`https://github.com/acme/app/blob/${sha}/src/app.ts#L1`));
    assert.match(posted!.body, /```typescript\nexport const a = 1;\n```/);

    // Just over the contract's 40,000 characters for a message body, far under the request-size limit.
    const big = await doc('x'.repeat(40_001), 'plaintext');
    const before = (await generalMessages()).length;
    const refused = await vscode.commands.executeCommand<{ ok: boolean }>('wsc.shareSelectionToChannel', { uri: big.uri.toString(), range: [0, 0, 0, 40_001], channelId: FIXTURE.generalId });
    assert.equal(refused.ok, false);
    const binary = await doc('PNG\u0000\u0001\u0002', 'plaintext');
    const refusedBinary = await vscode.commands.executeCommand<{ ok: boolean }>('wsc.shareSelectionToChannel', { uri: binary.uri.toString(), range: [0, 0, 0, 6], channelId: FIXTURE.generalId });
    assert.equal(refusedBinary.ok, false);
    assert.equal((await generalMessages()).length, before, 'nothing was sent');

    const reply = await vscode.commands.executeCommand<{ ok: boolean; id: string }>('wsc.shareSelectionToChannel', { uri, range: [0, 0, 1, 0], channelId: FIXTURE.generalId, threadRootId: shared.id });
    const thread = await asOther<{ replies: ServiceMessage[] }>(FIXTURE.adminToken, 'GET', `/api/v1/threads/${shared.id}`);
    assert.ok(thread.replies.some((m) => m.id === reply.id && m.parent_id === shared.id), 'posted in the thread');
  });

  test('Add Selection to Task as Note appends the snippet to the task', async () => {
    const uri = vscode.Uri.file(join(repoDir, 'src', 'app.ts')).toString();
    const result = await vscode.commands.executeCommand<{ ref: string }>('wsc.addSelectionToTask', { uri, range: [2, 0, 3, 0], ref: branchRef });
    assert.equal(result.ref, branchRef);
    assert.match((await readTask(branchRef)).description, /export const b = 2;/);
  });

  test('the URI handler opens a message in its channel panel, a run timeline and a task (also from Copy Link)', async () => {
    const posted = await asOther<{ id: string; url: string }>(FIXTURE.adminToken, 'POST', `/api/v1/channels/${FIXTURE.generalId}/messages`, { body: 'Opened from a vscode:// link' });
    const uri = vscode.Uri.parse(`${vscode.env.uriScheme}://wsc-dev.wsc/open?message=${encodeURIComponent(posted.url)}`);
    assert.deepEqual(await api.editor.handleUri(uri), { message: posted.url });
    const panel = await waitFor('the channel panel', () => api.panels.get(FIXTURE.generalId));
    await waitFor('the message focused', () => panel.snapshot().shown?.focusedId === posted.id);
    const runId = 'b0000000-0000-4000-8000-000000000001';
    assert.deepEqual(await api.editor.handleUri(vscode.Uri.parse(`${vscode.env.uriScheme}://wsc-dev.wsc/open?run=${runId}`)), { run: runId });
    await waitFor('the run timeline', () => api.timeline.panelFor(runId));
    const link = await vscode.commands.executeCommand<string>('wsc.copyTaskLink', { ref: 'T-2' });
    assert.equal(link, `${vscode.env.uriScheme}://wsc-dev.wsc/open?task=T-2`);
    assert.deepEqual(await api.editor.handleUri(vscode.Uri.parse(link)), { task: 'T-2' });
    const task = await api.editor.open.openTask({ ref: 'T-2' });
    assert.equal(task?.ref, 'T-2');
    assert.equal(await api.editor.handleUri(vscode.Uri.parse(`${vscode.env.uriScheme}://wsc-dev.wsc/open?nothing=1`)), undefined);
  });

  test('the branch’s task shows its linked pull request’s latest stored state, in the status bar and the hover', async () => {
    const prUrl = 'https://github.com/acme/app/pull/901';
    await asOther(FIXTURE.adminToken, 'PATCH', `/api/v1/tasks/${branchRef}`, { pr_url: prUrl });
    await api.pullRequests.status.refresh();
    assert.equal(api.pullRequests.status.pullRequestState, 'open');
    await controlPost('/pull-requests/merged', { pr_url: prUrl });
    await api.pullRequests.status.refresh();
    assert.equal(api.pullRequests.status.pullRequestState, 'merged');
    const tooltip = api.pullRequests.status.item.tooltip;
    assert.match((typeof tooltip === 'string' ? tooltip : (tooltip?.value ?? '')).replace(/\\/g, '').replace(/&nbsp;/g, ' '), /pull\/901 \(merged\)/);
    api.editor.cache()?.forget(branchRef);
    const document = await doc(`// ${branchRef}`, 'typescript');
    assert.match(await hoverText(document, new vscode.Position(0, 4)), /PR \\#901\]\([^)]*\) · merged/);
  });

  test('another account sees only what the service shows it: a private channel’s task and message hover as nothing', async () => {
    const leadership = 'c0000000-0000-4000-8000-000000000002';
    const secret = await asOther<{ url: string }>(FIXTURE.ownerToken, 'POST', `/api/v1/channels/${leadership}/messages`, { body: 'Budget: the secret number' });
    const document = await doc(`T-4 and ${secret.url}`, 'plaintext');
    assert.match(await hoverText(document, new vscode.Position(0, 1)), /Private budget review/, 'the owner reads it');
    assert.match(await hoverText(document, new vscode.Position(0, 12)), /secret number/);
    await vscode.commands.executeCommand('wsc.signIn', { token: 'hpt_member_rw', serviceUrl: serviceUrl() });
    try {
      await waitFor('Maria’s session', () => api.services.auth.identity?.handle === 'maria');
      assert.equal(await hoverText(document, new vscode.Position(0, 1)), '');
      assert.equal(await hoverText(document, new vscode.Position(0, 12)), '');
    } finally {
      await vscode.commands.executeCommand('wsc.signIn', { token: FIXTURE.ownerToken, serviceUrl: serviceUrl() });
      await waitFor('the owner’s session', () => api.services.auth.identity?.handle === FIXTURE.ownerHandle);
    }
  });

  test('signed out: no providers, no hover, no completion, the cache is gone; back after signing in', async () => {
    const cache = api.editor.cache();
    await vscode.commands.executeCommand('wsc.signOut');
    try {
      assert.equal(api.editor.providersRegistered(), false);
      assert.equal(api.editor.cache(), undefined);
      assert.equal(cache?.cleared, true);
      const document = await doc('// see T-2\nFixes T-', 'plaintext');
      assert.equal(await hoverText(document, new vscode.Position(0, 8)), '');
      assert.ok(!(await completionLabels(document, endOf(document, 1), '-')).includes('T-2'));
    } finally {
      await vscode.commands.executeCommand('wsc.signIn', { token: FIXTURE.ownerToken, serviceUrl: serviceUrl() });
    }
    assert.equal(api.editor.providersRegistered(), true);
  });
});
