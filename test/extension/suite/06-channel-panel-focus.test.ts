// The channel panel's real webview (its own reports of what it shows): a mention opened with the
// panel closed lands on the message, even one older than the first page; "Load older messages" is
// shown only when there is something older.
import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { asOther, FIXTURE, signedIn, waitFor } from './support';

const CLIENT_COLLAB = 'c0000000-0000-4000-8000-000000000005';

suite('channel panel focus', () => {
  test('"Load older messages" is hidden when nothing is older', async () => {
    const api = await signedIn();
    const panel = await api.panels.open({ channelId: CLIENT_COLLAB });
    assert.ok(panel);
    const shown = await waitFor('the webview to report its first page', () => panel.snapshot().shown ?? undefined);
    assert.ok(shown.messages > 0);
    assert.equal(shown.olderShown, false);
    panel.dispose();
  });

  test('opening a mention with the panel closed outlines it, loading older pages to reach it', async () => {
    const api = await signedIn();
    await api.mentions.started();
    api.panels.get(FIXTURE.generalId)?.dispose();
    const marker = `landing ${Date.now()}`;
    const { id } = await asOther<{ id: string }>(FIXTURE.adminToken, 'POST', `/api/v1/channels/${FIXTURE.generalId}/messages`, { body: `@${FIXTURE.ownerHandle} ${marker}` });
    // More than one page (50) after it: the panel's first page does not hold it.
    for (let i = 0; i < 60; i++) await asOther(FIXTURE.adminToken, 'POST', `/api/v1/channels/${FIXTURE.generalId}/messages`, { body: `filler ${i} after ${marker}` });
    const row = await waitFor('the mention in the inbox', () => api.mentions.inbox.rows().find((r) => r.id === id));
    await vscode.commands.executeCommand('wsc.mentions.open', row);
    const panel = await waitFor('the channel panel', () => api.panels.get(FIXTURE.generalId));
    const shown = await waitFor('the mention outlined', () => (panel.snapshot().shown?.focusedId === id ? (panel.snapshot().shown ?? undefined) : undefined));
    assert.ok(shown.messages > 50, `older pages were loaded (${shown.messages} messages shown)`);
    panel.dispose();
  });
});
