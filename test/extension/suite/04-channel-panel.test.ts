import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import { asOther, FIXTURE, signedIn, waitFor } from './support';

interface Page {
  messages: { id: string; body: string; via: string | null }[];
}

suite('channel panel', () => {
  test('a post from the panel reaches the service; invalid webview messages are dropped', async () => {
    const api = await signedIn();
    const panel = await api.panels.open({ channelId: FIXTURE.generalId });
    assert.ok(panel, 'the panel opened');
    await panel.receive({ type: 'ready' });
    assert.ok(panel.snapshot().posted.some((m) => m.type === 'init'), 'init sent');
    assert.ok(panel.snapshot().posted.some((m) => m.type === 'messages' && m.mode === 'replace'), 'first page sent');

    const before = panel.snapshot().posted.length;
    await panel.receive({ type: 'post', requestId: 'x', body: 'hi', parentId: null, token: 'steal-me' });
    await panel.receive({ type: 'openLink', url: 'javascript:alert(1)' });
    assert.equal(panel.snapshot().posted.length, before, 'nothing happened for invalid messages');

    const body = `Hello from the panel ${Date.now()}`;
    await panel.receive({ type: 'post', requestId: `req-${Date.now()}`, body, parentId: null });
    // Acknowledged once it is queued (durable); the outbox sends it right after.
    assert.ok(panel.snapshot().posted.some((m) => m.type === 'done'), 'the post was acknowledged');
    const posted = await waitFor('the service to have the message', async () => {
      const page = await asOther<Page>(FIXTURE.adminToken, 'GET', `/api/v1/channels/${FIXTURE.generalId}/messages?limit=10`);
      return page.messages.find((m) => m.body === body);
    });
    assert.ok(posted, 'the service has the message');
    assert.equal(posted.via, 'vscode');
    await waitFor('the post to appear in the panel', () =>
      panel.snapshot().posted.some((m) => m.type === 'messages' && m.messages.some((v) => v.id === posted.id && v.mine)),
    );
    panel.dispose();
  });

  test('the panel groups one author\'s consecutive messages, separates days and highlights your own @mentions', async () => {
    const api = await signedIn();
    const me = api.services.auth.identity?.handle;
    assert.ok(me, 'signed in with a handle');
    const messagesPath = `/api/v1/channels/${FIXTURE.generalId}/messages`;
    await asOther(FIXTURE.adminToken, 'POST', messagesPath, { body: `Grouping check: @${me} can you look at this?` });
    await asOther(FIXTURE.adminToken, 'POST', messagesPath, { body: 'Grouping check: and one more line.' });
    const panel = await api.panels.open({ channelId: FIXTURE.generalId });
    assert.ok(panel, 'the panel opened');
    const shown = await waitFor('the webview to report both messages decorated', () => {
      const s = panel.snapshot().shown;
      return s && s.mentionsMe > 0 && s.grouped > 0 ? s : undefined;
    });
    assert.ok(shown.days >= 1, 'a day separator leads the list');
    assert.ok(shown.days <= shown.messages);
    // A grouped message's "via" label (these posts come "via extension-test") sits clear of its text.
    assert.equal(shown.overlapping, 0, 'no message header is drawn over message text');
    panel.dispose();
  });
});
