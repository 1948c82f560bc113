// Saved task views inside the real VS Code against the local service: the setting wsc.tasks.queries
// gives sections at the top of the Tasks tree holding the tasks each query matches (status,
// assignee by 'me' and by handle, epic by T-ref, labels, text); a wrong entry is a row saying what
// to fix; the sections follow the setting when it changes.
import * as assert from 'node:assert/strict';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { TaskNode } from '../../../extension/tasks/tasks-tree';
import type { WscTestApi } from '../../../extension/test-api';
import { signedIn, waitFor } from './support';

let api: WscTestApi;

const config = () => vscode.workspace.getConfiguration('wsc');
const setViews = (value: unknown) => config().update('tasks.queries', value, vscode.ConfigurationTarget.Global);

/** The tree's top rows: saved view sections and problem rows by label. */
async function topRows(): Promise<TaskNode[]> {
  return api.tasks.tree.getChildren();
}

/** The task titles (without their T-ref) a section holds, or its problem rows' labels. */
async function sectionTitles(label: string): Promise<string[]> {
  const section = (await topRows()).find((n) => n.kind === 'view' && n.view.label === label);
  assert.ok(section, `a section '${label}'`);
  return (await api.tasks.tree.getChildren(section)).map((n) => String(api.tasks.tree.getTreeItem(n).label).replace(/^T-\d+ /, ''));
}

suite('saved task views', () => {
  suiteSetup(async () => {
    api = await signedIn();
  });
  suiteTeardown(async () => {
    await setViews(undefined);
  });

  test('each saved view is a section of the Tasks tree holding the tasks its query matches', async () => {
    api.tasks.tree.refresh();
    const epicRow = (await api.tasks.tree.list()).find((t) => t.title === 'Search revamp');
    assert.ok(epicRow, 'the fixture epic');
    await setViews([
      { label: 'Bugs', labels: ['bug'] },
      { label: 'Maria in review', assignee: '@maria', status: 'in_review' },
      { label: 'Search epic', epic: epicRow.ref },
      { label: 'Deploy text', text: 'deploy docs' },
      { label: 'Mine', assignee: 'me' },
    ]);
    await waitFor('the saved view sections', async () => (await topRows()).filter((n) => n.kind === 'view').length === 5);
    const top = await topRows();
    assert.deepEqual(
      top.slice(0, 5).map((n) => (n.kind === 'view' ? n.view.label : n.kind)),
      ['Bugs', 'Maria in review', 'Search epic', 'Deploy text', 'Mine'],
      'the sections come first, in the setting order',
    );
    const bugs = await sectionTitles('Bugs');
    assert.ok(bugs.includes('Fix search ranking'), bugs.join(' | '));
    assert.ok(!bugs.includes('Write deploy docs'), bugs.join(' | '));
    assert.deepEqual(await sectionTitles('Maria in review'), ['Fix search ranking']);
    const epic = await sectionTitles('Search epic');
    assert.ok(epic.includes('Fix search ranking') && !epic.includes('Write deploy docs'), epic.join(' | '));
    const text = await sectionTitles('Deploy text');
    assert.ok(text.includes('Write deploy docs') && !text.includes('Fix search ranking'), text.join(' | '));
    const me = api.services.auth.identity?.userId;
    const mine = (await api.tasks.tree.list()).filter((t) => t.assignee_user_id === me).map((t) => t.title);
    assert.deepEqual(await sectionTitles('Mine'), mine);
    // A section row is collapsible and its tasks say their status (no status group above them).
    const section = top[1]!;
    assert.equal(api.tasks.tree.getTreeItem(section).collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    const [row] = await api.tasks.tree.getChildren(section);
    assert.match(String(api.tasks.tree.getTreeItem(row!).description ?? ''), /In review/);
    assert.deepEqual(api.tasks.tree.getParent(row!), section);
  });

  test('a wrong entry is a row saying what is wrong and how to fix it; the good ones still show', async () => {
    await setViews([{ label: 'Open', status: 'open' }, { label: 'Nobody', assignee: '@no-such-person' }, { status: 'todo' }, { label: 'To do', status: 'todo' }]);
    await waitFor('the new sections', async () => (await topRows()).some((n) => n.kind === 'view' && n.view.label === 'To do'));
    const top = await topRows();
    const problems = top.filter((n) => n.kind === 'problem').map((n) => api.tasks.tree.getTreeItem(n));
    assert.equal(problems.length, 2, 'the entry with a wrong status and the one without a label');
    assert.match(String(problems[0]!.label), /^Open: "status" "open" is not a task status/);
    assert.match(String(problems[0]!.description), /Use one of backlog, todo, doing, in_review, done, canceled/);
    assert.match(String(problems[1]!.label), /View 3 has no label/);
    assert.equal(problems[0]!.command?.command, 'workbench.action.openSettings');
    // A handle nobody has: the section holds the problem, not a crash.
    const nobody = top.find((n) => n.kind === 'view' && n.view.label === 'Nobody');
    const [row] = await api.tasks.tree.getChildren(nobody);
    assert.equal(row?.kind, 'problem');
    const item = api.tasks.tree.getTreeItem(row);
    assert.match(String(item.label), /Nobody called '@no-such-person'/);
    assert.match(String(item.description), /'me', an @handle/);
    const todo = await sectionTitles('To do');
    assert.ok(todo.includes('Write deploy docs'), todo.join(' | '));
    // The setting emptied: no sections.
    await setViews([]);
    await waitFor('no sections', async () => (await topRows()).every((n) => n.kind !== 'view' && n.kind !== 'problem'));
  });
});
