// The Tasks and Docs trees inside the real VS Code against a service holding the big workspace
// (20,000 tasks, 3,000 docs in 100 folders): each status filled to the service's most, the groups
// that may hold more marked and ended with "More… narrow or search", docs in natural order with
// folders that may miss docs marked, and any doc found by Find Doc's search.
import * as assert from 'node:assert/strict';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import { BIG, BIG_TOKENS, bigAssigneeOf, bigCount, bigTaskStatus, writeBigWorkspace } from '../../fixtures/big-workspace';
import { TASK_STATUSES } from '../../../shared/index';
import { FIXTURE, serviceUrl, signedIn, waitFor } from './support';
import { startOwnService, stopOwnService, type OwnService } from './own-service';

const label = (item: vscode.TreeItem) => String(typeof item.label === 'object' ? item.label.label : item.label);

suite('big workspace', () => {
  let service: OwnService | undefined;

  suiteTeardown(async () => {
    if (service) await stopOwnService(service.child);
    await vscode.commands.executeCommand('wsc.signIn', { token: FIXTURE.ownerToken, serviceUrl: serviceUrl() });
  });

  test('the Tasks tree by status holds every task the service gives per status; groups that may hold more end with More…', async () => {
    const api = await signedIn();
    service = await startOwnService(0, undefined, writeBigWorkspace());
    const url = service.url;
    await vscode.commands.executeCommand('wsc.signIn', { token: BIG_TOKENS.owner, serviceUrl: url });
    await waitFor('signed in to the big workspace', () => api.services.auth.state.kind === 'signedIn' && api.services.auth.state.serviceUrl.replace(/\/+$/, '') === url);
    const tree = api.tasks.tree;
    await tree.setGrouping('status');
    await tree.setFilters({});
    const roots = await tree.getChildren();
    const last = roots.at(-1);
    assert.ok(last);
    assert.equal(last.kind, 'more', 'the tree ends with More…');
    assert.equal(label(tree.getTreeItem(last)), 'More… narrow or search');
    assert.equal(tree.getTreeItem(last).command?.command, 'wsc.tasks.filter');
    let shown = 0;
    for (const status of TASK_STATUSES) {
      const group = roots.find((node) => node.kind === 'group' && node.group.key === `status:${status}`);
      assert.ok(group, status);
      const children = await tree.getChildren(group);
      const tasks = children.filter((node) => node.kind === 'task');
      const whole = bigCount((n) => bigTaskStatus(n) === status);
      assert.equal(tasks.length, Math.min(500, whole), status);
      shown += tasks.length;
      const cut = whole > 500;
      assert.equal(children.at(-1)?.kind === 'more', cut, `${status}: More… only where the group may hold more`);
      assert.match(String(tree.getTreeItem(group).description), cut ? /^500\+ \(may hold more\)$/ : /^\d+$/);
    }
    assert.equal(shown, 2400);

    await tree.setFilters({ mine: true });
    const mine = await tree.getChildren();
    assert.ok(mine.every((node) => node.kind === 'group'), 'no More… when the list is whole');
    let count = 0;
    for (const group of mine) count += (await tree.getChildren(group)).length;
    assert.equal(count, bigCount((n) => bigAssigneeOf(n) === 1));
    await tree.setFilters({});
  });

  test('the Docs tree: folders in natural order, marked when they may miss docs; More… opens Find Doc, whose search finds any doc', async () => {
    const api = await signedIn();
    const tree = api.docs.tree;
    tree.refresh();
    const roots = await tree.getChildren();
    const titles = roots.map((node) => label(tree.getTreeItem(node)));
    assert.equal(roots.length, BIG.folders + 1);
    assert.deepEqual(titles.slice(0, 3), ['Folder 1', 'Folder 2', 'Folder 3']);
    assert.ok(titles.indexOf('Folder 9') < titles.indexOf('Folder 10'));
    assert.equal(titles.at(-1), 'More… narrow or search');
    assert.equal(tree.getTreeItem(roots.at(-1) as never).command?.command, 'wsc.docs.find');
    const first = roots[0];
    assert.ok(first);
    assert.equal(tree.getTreeItem(first).description, 'may be incomplete');
    const found = await api.docs.search('Doc 97-29');
    assert.deepEqual(found?.docs.map((d) => d.title), ['Doc 97-29']);
    assert.equal(found?.truncated, false);
  });
});
