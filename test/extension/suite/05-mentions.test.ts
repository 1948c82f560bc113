import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import { asOther, FIXTURE, signedIn, waitFor } from './support';

suite('mentions', () => {
  test('a mention posted by another person raises a notification and updates the badge', async () => {
    const api = await signedIn();
    await api.mentions.started();
    const countBefore = api.mentions.inbox.unreadCount();
    const marker = `ping ${Date.now()}`;
    await asOther(FIXTURE.adminToken, 'POST', `/api/v1/channels/${FIXTURE.generalId}/messages`, { body: `@${FIXTURE.ownerHandle} ${marker}` });
    // The attention inbox announces mentions (once; the Mentions feature's own notification is its fallback).
    const text = await waitFor('the mention notification', () => api.inbox.notifications.find((n) => n.includes(marker)), 20_000);
    assert.match(text, /Adam Admin mentioned you in #general/);
    assert.equal(api.mentions.inbox.unreadCount(), countBefore + 1);
    assert.equal(api.mentions.view.badge?.value, countBefore + 1);
    assert.match(api.mentions.statusBar.text, new RegExp(`\\$\\(mention\\) ${countBefore + 1}`));
  });

  test('a mention row tells a screen reader whether it is read, before and after reading it', async () => {
    const api = await signedIn();
    await api.mentions.started();
    const marker = `a11y ${Date.now()}`;
    await asOther(FIXTURE.adminToken, 'POST', `/api/v1/channels/${FIXTURE.generalId}/messages`, { body: `@${FIXTURE.ownerHandle} ${marker}` });
    const row = await waitFor('the mention row', () => api.mentions.inbox.rows().find((r) => r.body.includes(marker)), 20_000);
    const before = api.mentions.tree.getTreeItem(row);
    assert.match(before.accessibilityInformation?.label ?? '', /^Unread: Adam Admin mentioned you in #general: .*a11y/);
    await api.mentions.inbox.markRead(row.id);
    const after = api.mentions.tree.getTreeItem(row);
    assert.match(after.accessibilityInformation?.label ?? '', /^Read: Adam Admin mentioned you in #general/);
    assert.notEqual(before.description, after.description);
  });
});
