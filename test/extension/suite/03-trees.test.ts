import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import { FIXTURE, signedIn } from './support';

suite('trees', () => {
  test('the Channels view lists the fixture channels, archived ones hidden', async () => {
    const api = await signedIn();
    api.channels.tree.refresh();
    const channels = await api.channels.tree.getChildren();
    const names = channels.map((c) => c.name);
    assert.ok(names.includes('general'), `general in ${names.join(', ')}`);
    assert.ok(!names.includes(FIXTURE.archivedName), 'archived channel hidden');
    const general = channels.find((c) => c.id === FIXTURE.generalId);
    assert.ok(general);
    const item = api.channels.tree.getTreeItem(general);
    assert.match(String(typeof item.label === 'object' ? item.label.label : item.label), /#general/);
    assert.match(item.contextValue ?? '', /^channel/);
  });

  test('the Tasks view lists the fixture tasks with their T-refs, grouped by status', async () => {
    const api = await signedIn();
    api.tasks.tree.refresh();
    const groups = await api.tasks.tree.getChildren();
    assert.ok(groups.length > 0);
    const labels: string[] = [];
    for (const group of groups) {
      for (const node of await api.tasks.tree.getChildren(group)) {
        const item = api.tasks.tree.getTreeItem(node);
        labels.push(String(item.label));
      }
    }
    assert.ok(labels.some((l) => /^T-\d+ Fix search ranking$/.test(l)), labels.join(' | '));
    assert.ok(labels.some((l) => /^T-\d+ Write deploy docs$/.test(l)), labels.join(' | '));
  });

  test('the Docs view lists folders first', async () => {
    const api = await signedIn();
    api.docs.tree.refresh();
    const roots = await api.docs.tree.getChildren();
    assert.ok(roots.length > 0);
    assert.equal(roots[0]?.is_folder, true);
  });
});
