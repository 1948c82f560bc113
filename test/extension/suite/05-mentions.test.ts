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
    const text = await waitFor('the mention notification', () => api.mentions.notifications.find((n) => n.includes(marker)), 20_000);
    assert.match(text, /Adam Admin mentioned you in #general/);
    assert.equal(api.mentions.inbox.unreadCount(), countBefore + 1);
    assert.equal(api.mentions.view.badge?.value, countBefore + 1);
    assert.match(api.mentions.statusBar.text, new RegExp(`\\$\\(mention\\) ${countBefore + 1}`));
  });
});
