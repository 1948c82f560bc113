// The attention inbox through VS Code (issue #42), with real parts: the admin changes a task of the
// signed-in owner and a watched run settles on the local service; the item shows once in the Inbox
// view and the status bar count goes up. Its read/done state is the account's, shared with a second
// InboxSession opened here on the same account folder (as the terminal would): done in the view is
// done there within a second, and done there leaves the view. Filter with WSC_TEST_GREP=inbox.
import * as assert from 'node:assert/strict';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import { Client, InboxSession, terminalOfflineRoot } from '../../../shared/index';
import { InboxStore } from '../../../shared/inbox-store';
import type { WscTestApi } from '../../../extension/test-api';
import type { InboxNode } from '../../../extension/inbox/inbox-tree';
import { asOther, controlPost, FIXTURE, serviceUrl, signedIn, waitFor } from './support';

const OWNER_ID = 'a0000000-0000-4000-8000-000000000001';
// Its own run (test/fixtures/basic.json): the timeline suite counts the events of the others.
const RUN = 'b0000000-0000-4000-8000-000000000006';

/** The ids the Inbox view lists now, as VS Code asks for them (groups, then their rows). */
function listed(api: WscTestApi): string[] {
  const tree = api.inbox.tree;
  return tree.getChildren().flatMap((group) => tree.getChildren(group).map((node) => (node.kind === 'item' ? node.id : '')));
}

function countShown(api: WscTestApi): number {
  const match = /\$\(inbox\) (\d+)/.exec(api.inbox.statusBar.text);
  return match ? Number(match[1]) : 0;
}

/** A second session on the same account folder, as another face on this machine would open it. */
function secondSession(api: WscTestApi): InboxSession {
  const identity = api.services.auth.identity;
  if (!identity) throw new Error('not signed in');
  const client = new Client({ baseUrl: serviceUrl(), token: FIXTURE.ownerToken, clientName: 'inbox-test', retry: { maxAttempts: 1 } });
  return new InboxSession({
    root: terminalOfflineRoot(),
    account: { serviceUrl: serviceUrl(), workspaceId: identity.workspaceId, userId: identity.userId },
    me: identity,
    client,
    openStore: async (path) => InboxStore.open(path),
  });
}

suite('inbox', () => {
  const cleanups: (() => unknown)[] = [];
  suiteTeardown(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });

  test('a task of mine changed by someone else shows once in the Inbox view, and the status bar count goes up', async () => {
    const api = await signedIn();
    const session = await waitFor('the inbox session', () => api.inbox.session(), 20_000);
    // The first look at my tasks is the baseline: what changes after it arrives.
    await session.refresh();
    const before = session.unreadCount();
    await asOther(FIXTURE.adminToken, 'PATCH', '/api/v1/tasks/T-1', { assignee_user_id: OWNER_ID });
    await vscode.commands.executeCommand('wsc.inbox.refresh');
    await waitFor('the task in the Inbox view', () => listed(api).includes('task:T-1'), 10_000);
    assert.equal(listed(api).filter((id) => id === 'task:T-1').length, 1);
    await waitFor('the status bar count', () => countShown(api) === before + 1, 5_000);
    assert.equal(api.inbox.statusBar.text, `$(inbox) ${before + 1}`);
    const group = api.inbox.tree.getChildren().find((g) => g.kind === 'group' && g.source === 'task') as InboxNode;
    assert.match(String(api.inbox.tree.getTreeItem(group).label), /^My tasks \(\d+\)$/);
    const row = api.inbox.tree.getTreeItem(api.inbox.tree.nodeOf('task:T-1') as InboxNode);
    assert.match(String(row.label), /^● T-1 assigned to you/);
    assert.equal(row.contextValue, 'inboxItem:unread');
    await waitFor('the notification', () => api.inbox.notifications.find((n) => n.startsWith('T-1 assigned to you')), 5_000);

    // A second refresh brings nothing new: the item is there once.
    await vscode.commands.executeCommand('wsc.inbox.refresh');
    assert.equal(listed(api).filter((id) => id === 'task:T-1').length, 1);
    assert.equal(api.inbox.notifications.filter((n) => n.startsWith('T-1 assigned to you')).length, 1);
  });

  test('Mark Done in the view is done for a second session on the same account within a second', async () => {
    const api = await signedIn();
    const other = secondSession(api);
    cleanups.push(() => other.close());
    await other.open();
    assert.equal(other.items().find((i) => i.id === 'task:T-1')?.state, 'unread');
    await vscode.commands.executeCommand('wsc.inbox.markDone', api.inbox.tree.nodeOf('task:T-1'));
    await waitFor('done in the second session', () => other.items({ done: true }).find((i) => i.id === 'task:T-1')?.state === 'done', 1_000);
    await waitFor('gone from the view', () => !listed(api).includes('task:T-1'), 2_000);
  });

  test('a run whose timeline was opened is watched: its settling arrives, and done in the second session leaves the view', async () => {
    const api = await signedIn();
    const session = await api.inbox.session();
    assert.ok(session);
    await api.timeline.open({ runId: RUN });
    cleanups.push(() => api.timeline.panelFor(RUN)?.dispose());
    await waitFor('the run watched', async () => (await session.watchedRuns()).some((r) => r.runId === RUN), 10_000);
    await controlPost(`/runs/${RUN}/events`, { events: [{ name: 'run.settled', runtime: 'claude', lane: 'main', payload: { status: 'failed', summary: 'tests failed' } }] });
    await vscode.commands.executeCommand('wsc.inbox.refresh');
    const id = `run:${RUN}:settled`;
    await waitFor('the run in the Inbox view', () => listed(api).includes(id), 10_000);
    assert.equal(listed(api).filter((i) => i === id).length, 1);
    assert.match(String(api.inbox.tree.getTreeItem(api.inbox.tree.nodeOf(id) as InboxNode).label), /Run failed: tests failed/);

    const other = secondSession(api);
    cleanups.push(() => other.close());
    await other.open();
    await other.mark([id], 'done');
    await waitFor('done shown in the view (the row leaves it)', () => !listed(api).includes(id), 2_000);
    assert.equal(session.items({ done: true }).find((i) => i.id === id)?.state, 'done');
  });

  test('focus mode: a change not about the branch’s task arrives in the view silently', async () => {
    const api = await signedIn();
    const session = await api.inbox.session();
    assert.ok(session);
    await vscode.commands.executeCommand('wsc.inbox.enterFocusMode');
    try {
      assert.equal(vscode.workspace.getConfiguration('wsc').get('inbox.focusMode'), true);
      const shownBefore = api.inbox.notifications.length;
      // The test folder is no git repository: no branch task, so nothing is about it.
      await asOther(FIXTURE.adminToken, 'PATCH', '/api/v1/tasks/T-4', { assignee_user_id: OWNER_ID });
      await vscode.commands.executeCommand('wsc.inbox.refresh');
      await waitFor('T-4 in the Inbox view', () => listed(api).includes('task:T-4'), 10_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.deepEqual(api.inbox.notifications.slice(shownBefore), []);
    } finally {
      await vscode.commands.executeCommand('wsc.inbox.leaveFocusMode');
    }
    assert.equal(vscode.workspace.getConfiguration('wsc').get('inbox.focusMode'), false);
  });

  test('a mention is announced once, by the inbox (the Mentions feature shows no second notification)', async () => {
    const api = await signedIn();
    await api.mentions.started();
    const marker = `inbox once ${Date.now()}`;
    await asOther(FIXTURE.adminToken, 'POST', `/api/v1/channels/${FIXTURE.generalId}/messages`, { body: `@${FIXTURE.ownerHandle} ${marker}` });
    const text = await waitFor('the inbox notification', () => api.inbox.notifications.find((n) => n.includes(marker)), 20_000);
    assert.match(text, /Adam Admin mentioned you in #general/);
    await waitFor('the mention in the Inbox view', () => listed(api).some((i) => i.startsWith('message:')), 5_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(api.inbox.notifications.filter((n) => n.includes(marker)).length, 1);
    assert.equal(api.mentions.notifications.filter((n) => n.includes(marker)).length, 0);
  });
});
