import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import { asOther, FIXTURE, signedIn, waitFor } from './support';

suite('trees', () => {
  test('the Channels view lists the fixture channels, archived ones hidden', async () => {
    const api = await signedIn();
    api.channels.tree.refresh();
    const channels = await api.channels.tree.list();
    // The fixture's owner is in no DM: one flat list, no "Channels" / "Direct messages" headings (unit-tested).
    assert.ok(channels.every((c) => c.kind !== 'dm'));
    assert.deepEqual(await api.channels.tree.getChildren(), channels);
    const names = channels.map((c) => c.name);
    assert.ok(names.includes('general'), `general in ${names.join(', ')}`);
    assert.ok(!names.includes(FIXTURE.archivedName), 'archived channel hidden');
    const general = channels.find((c) => c.id === FIXTURE.generalId);
    assert.ok(general);
    const item = api.channels.tree.getTreeItem(general);
    assert.match(String(typeof item.label === 'object' ? item.label.label : item.label), /#general/);
    assert.match(item.contextValue ?? '', /^channel/);
  });

  test('a message from someone else marks its channel unread without a Refresh (the live cue reloads the tree)', async () => {
    const api = await signedIn();
    const leadership = 'c0000000-0000-4000-8000-000000000002';
    await api.channels.tree.list();
    const before = api.channels.tree.find(leadership);
    assert.ok(before, 'leadership is listed');
    assert.equal(api.channels.state.isUnread(before), false, 'a channel seen for the first time counts as read');
    await asOther(FIXTURE.adminToken, 'POST', `/api/v1/channels/${leadership}/messages`, { body: 'The quarterly numbers are in.' });
    const after = await waitFor('the unread mark', () => {
      const channel = api.channels.tree.find(leadership);
      return channel && api.channels.state.isUnread(channel) ? channel : undefined;
    });
    assert.match(String(api.channels.tree.getTreeItem(after).description ?? ''), /●/);
  });

  test('the Tasks view lists the fixture tasks with their T-refs, grouped by status', async () => {
    const api = await signedIn();
    api.tasks.tree.refresh();
    const groups = await api.tasks.tree.getChildren();
    assert.ok(groups.length > 0);
    const labels: string[] = [];
    const descriptions = new Map<string, string>();
    for (const group of groups) {
      for (const node of await api.tasks.tree.getChildren(group)) {
        const item = api.tasks.tree.getTreeItem(node);
        labels.push(String(item.label));
        descriptions.set(String(item.label).replace(/^T-\d+ /, ''), String(item.description ?? ''));
      }
    }
    // The assignee by name (from the members of the task's channel); the status only in the group.
    const assigned = descriptions.get('Fix search ranking') ?? '';
    assert.match(assigned, /Maria Member|you/, assigned);
    assert.doesNotMatch(assigned, /To do|Doing|Backlog|In review/, assigned);
    assert.ok(labels.some((l) => /^T-\d+ Fix search ranking$/.test(l)), labels.join(' | '));
    assert.ok(labels.some((l) => /^T-\d+ Write deploy docs$/.test(l)), labels.join(' | '));
  });

  test('the Docs view lists folders first', async () => {
    const api = await signedIn();
    api.docs.tree.refresh();
    const roots = await api.docs.tree.getChildren();
    assert.ok(roots.length > 0);
    const first = roots[0];
    assert.equal(first !== undefined && 'is_folder' in first ? first.is_folder : undefined, true);
  });
});
