// The outbox in the channel panel, inside the real VS Code: a post made while the service fails
// shows at once as pending and is sent exactly once when the service is back; a refusal on replay
// shows the service's words with Edit / Retry / Drop; sign-out asks before leaving writes behind.
// This also proves the SQLite (WebAssembly) store loads in the extension host.
import * as assert from 'node:assert/strict';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { Questions } from '../../../extension/questions';
import type { WscTestApi } from '../../../extension/test-api';
import { asOther, controlPost, FIXTURE, serviceUrl, signedIn, waitFor } from './support';
import { startOwnService, stopOwnService, type OwnService } from './own-service';
import { axeViolations, describeViolations, inWebview, until } from './webview-driver';

const COLLAB_ID = 'c0000000-0000-4000-8000-000000000005';
const messagesPath = (channelId: string) => `/api/v1/channels/${channelId}/messages`;

/** The panel's unsent entries as "state|text" (the state is said in words, not only by colour). */
const PENDING = `[...document.querySelectorAll('.outbox-entry')].map((n) => n.dataset.state + '|' + n.querySelector('.outbox-state').textContent + '|' + n.querySelector('.outbox-body').textContent)`;

async function faults(spec: Record<string, unknown>): Promise<void> {
  await controlPost('/faults', spec);
}

async function postFromPanel(title: string, body: string): Promise<void> {
  const clear = `(() => { const t = document.querySelector('textarea'); t.value = ''; t.dispatchEvent(new Event('input')); })()`;
  await inWebview(title, [{ op: 'eval', expression: clear }, { op: 'focus', selector: 'textarea' }, { op: 'type', text: body }, { op: 'press', key: 'Enter' }]);
}

async function pendingIn(title: string): Promise<string[]> {
  return (await inWebview(title, [{ op: 'eval', expression: PENDING }]))[0] as string[];
}

async function copiesAtService(channelId: string, body: string): Promise<number> {
  const page = await asOther<{ messages: { body: string }[] }>(FIXTURE.adminToken, 'GET', `${messagesPath(channelId)}?limit=100`);
  return page.messages.filter((m) => m.body === body).length;
}

async function countAt(url: string, channelId: string, body: string): Promise<number> {
  const response = await fetch(`${url}${messagesPath(channelId)}?limit=100`, { headers: { authorization: `Bearer ${FIXTURE.adminToken}` } });
  const page = (await response.json()) as { messages: { body: string }[] };
  return page.messages.filter((m) => m.body === body).length;
}

suite('outbox with the service stopped and started again', () => {
  let service: OwnService | undefined;

  suiteTeardown(async () => {
    if (service) await stopOwnService(service.child);
    await vscode.commands.executeCommand('wsc.signIn', { token: FIXTURE.ownerToken, serviceUrl: serviceUrl() });
  });

  test('a post made while the service is down shows pending, and arrives once after it restarts', async () => {
    const api = await signedIn();
    service = await startOwnService();
    const url = service.url;
    const port = Number(new URL(url).port);
    await vscode.commands.executeCommand('wsc.signIn', { token: FIXTURE.ownerToken, serviceUrl: url });
    await waitFor('signed in to the restartable service', () => api.services.auth.state.kind === 'signedIn' && api.services.auth.state.serviceUrl.startsWith(url));
    const panel = await api.panels.open({ channelId: FIXTURE.generalId });
    assert.ok(panel);
    await waitFor('the first page', () => panel.snapshot().shown !== null);

    await stopOwnService(service.child);
    const body = `Posted while the service was stopped ${Date.now()}`;
    await postFromPanel('#general', body);
    await waitFor('the post shown as pending', async () => (await pendingIn('#general')).some((p) => p.startsWith('pending|') && p.endsWith(body)), 20_000);

    service = await startOwnService(port);
    await waitFor('the pending post sent', async () => (await pendingIn('#general')).length === 0, 20_000);
    await until('#general', `[...document.querySelectorAll('.message-list .message .content')].some((n) => n.textContent.includes(${JSON.stringify(body)}))`, true, 'the sent message shown as a normal message');
    assert.equal(await countAt(url, FIXTURE.generalId, body), 1, 'the restarted service has it exactly once');
    panel.dispose();
  });
});

suite('outbox in the channel panel', () => {
  let api: WscTestApi;

  suiteSetup(async () => {
    api = await signedIn();
  });
  suiteTeardown(async () => {
    api.outbox.setSignOutAsker(undefined);
    api.outbox.setQuestions(undefined);
    await faults({});
    await asOther(FIXTURE.adminToken, 'POST', '/api/v1/actions/restore_channel', { channelId: COLLAB_ID }).catch(() => undefined);
  });

  test('a post made while the service fails shows pending at once and is sent once when it is back', async () => {
    const panel = await api.panels.open({ channelId: FIXTURE.generalId });
    assert.ok(panel);
    await waitFor('the first page', () => panel.snapshot().shown !== null);
    const body = `Written while the service was down ${Date.now()}`;
    await faults({ fail500: 1000, pathPattern: messagesPath(FIXTURE.generalId) });

    await postFromPanel('#general', body);
    // At once, before the host answers (its first attempt retries for a few seconds).
    assert.ok((await pendingIn('#general')).some((p) => (p.startsWith('sending|Message sending…|') || p.startsWith('pending|')) && p.endsWith(body)), 'shown at once (sending, then pending in the outbox)');
    await waitFor('the post shown as pending', async () => (await pendingIn('#general')).some((p) => p.startsWith('pending|') && p.includes('pending: sends when') && p.endsWith(body)), 30_000);
    const [composeText] = await inWebview('#general', [{ op: 'eval', expression: `document.querySelector('textarea').value` }]);
    assert.equal(composeText, '', 'the compose box is cleared: the text is kept in the outbox');
    assert.equal(api.outbox.statusBar().visible, true);
    assert.match(api.outbox.statusBar().text, /1 unsent/);

    await faults({});
    // No nudge: the background retry sends it.
    await waitFor('the pending post sent', async () => (await pendingIn('#general')).length === 0, 30_000);
    await until('#general', `[...document.querySelectorAll('.message-list .message .content')].some((n) => n.textContent.includes(${JSON.stringify(body)}))`, true, 'the sent message shown as a normal message');
    assert.equal(await copiesAtService(FIXTURE.generalId, body), 1, 'the service has it exactly once');
    assert.equal(api.outbox.statusBar().visible, false);
    panel.dispose();
  });

  test('a reply typed in an open thread waits in the thread pane and is sent once', async () => {
    const root = await asOther<{ id: string }>(FIXTURE.adminToken, 'POST', messagesPath(FIXTURE.generalId), { body: `A thread to reply to offline ${Date.now()}` });
    const panel = await api.panels.open({ channelId: FIXTURE.generalId });
    assert.ok(panel);
    await waitFor('the first page', () => panel.snapshot().shown !== null);
    await panel.focus({ channelId: FIXTURE.generalId, threadRootId: root.id });
    await until('#general', `!!document.querySelector('.thread-pane') && !document.querySelector('.thread-pane').hidden`, true, 'the thread pane open');
    const body = `A reply while the service fails ${Date.now()}`;
    await faults({ fail500: 1000, pathPattern: messagesPath(FIXTURE.generalId) });
    await inWebview('#general', [{ op: 'focus', selector: '.thread-pane textarea' }, { op: 'type', text: body }, { op: 'press', key: 'Enter' }]);
    const inThreadPane = `[...document.querySelectorAll('.thread-pending .outbox-entry')].map((n) => n.textContent).join('\\n')`;
    await waitFor('the reply pending in the thread pane', async () => {
      const [text] = await inWebview('#general', [{ op: 'eval', expression: inThreadPane }]);
      return String(text).includes('Reply in thread pending') && String(text).includes(body);
    }, 30_000);
    await faults({});
    await waitFor('the reply sent', async () => (await pendingIn('#general')).length === 0, 30_000);
    const thread = await asOther<{ replies: { body: string }[] }>(FIXTURE.adminToken, 'GET', `/api/v1/threads/${root.id}?limit=100`);
    assert.equal(thread.replies.filter((m) => m.body === body).length, 1, 'the service has the reply exactly once');
    panel.dispose();
  });

  test('a refusal on replay shows the service\'s message with Edit, Retry and Drop; Drop removes it unsent', async () => {
    const panel = await api.panels.open({ channelId: COLLAB_ID });
    assert.ok(panel);
    await waitFor('the first page', () => panel.snapshot().shown !== null);
    const title = '#client-collab';
    const body = `Refused on replay ${Date.now()}`;
    await faults({ fail500: 1000, pathPattern: messagesPath(COLLAB_ID) });
    await postFromPanel(title, body);
    await waitFor('the post shown as pending', async () => (await pendingIn(title)).some((p) => p.startsWith('pending|') && p.endsWith(body)), 30_000);

    await asOther(FIXTURE.adminToken, 'POST', '/api/v1/actions/archive_channel', { channelId: COLLAB_ID });
    await faults({});
    await waitFor('the refusal shown', async () => (await pendingIn(title)).some((p) => p.startsWith('failed|') && p.includes('not sent') && p.endsWith(body)), 30_000);
    const [said, actions] = await inWebview(title, [
      { op: 'eval', expression: `document.querySelector('.outbox-entry.failed .outbox-error').textContent` },
      { op: 'eval', expression: `[...document.querySelectorAll('.outbox-entry.failed button')].map((b) => b.textContent)` },
    ]);
    assert.match(String(said), /archived/i, 'the service\'s message');
    assert.match(String(said), /restore/i, 'the service\'s hint');
    assert.deepEqual(actions, ['Edit', 'Retry', 'Drop']);
    assert.match(api.outbox.statusBar().text, /warning/);
    const violations = await axeViolations(title);
    assert.equal(violations.length, 0, describeViolations(violations));

    // Edit by keyboard opens the text as typed; Escape leaves it.
    const [, , editing] = await inWebview(title, [
      { op: 'focus', selector: '.outbox-entry.failed button[data-action=edit]' },
      { op: 'press', key: 'Enter' },
      { op: 'eval', expression: `document.activeElement.tagName + '|' + document.activeElement.value` },
    ]);
    assert.equal(editing, `TEXTAREA|${body}`);
    await inWebview(title, [{ op: 'press', key: 'Escape' }]);

    // Drop by keyboard.
    await inWebview(title, [{ op: 'focus', selector: '.outbox-entry.failed button[data-action=drop]' }, { op: 'press', key: 'Enter' }]);
    await waitFor('the entry dropped', async () => (await pendingIn(title)).length === 0, 15_000);
    assert.equal(api.outbox.current()?.entries().length, 0);
    await asOther(FIXTURE.adminToken, 'POST', '/api/v1/actions/restore_channel', { channelId: COLLAB_ID });
    assert.equal(await copiesAtService(COLLAB_ID, body), 0, 'nothing was sent');
    panel.dispose();
  });

  test('wsc.outbox.list lists what waits; Drop removes one unsent, Retry sends another once', async () => {
    const outbox = api.outbox.current();
    assert.ok(outbox);
    await faults({ fail500: 1000, pathPattern: messagesPath(FIXTURE.generalId) });
    const stamp = Date.now();
    const dropped = (await outbox.send({ kind: 'post', channelId: FIXTURE.generalId, channelName: 'general', body: `To drop ${stamp}` })).entry;
    const retried = (await outbox.send({ kind: 'post', channelId: FIXTURE.generalId, channelName: 'general', body: `To retry ${stamp}` })).entry;
    // Between attempts (the oldest is not in flight then), carrying why it was not sent.
    await waitFor('the oldest waiting after an attempt', () => outbox.entries().find((e) => e.id === dropped.id)?.lastError !== undefined, 20_000);

    const offered: string[][] = [];
    const answer = (id: number, action: string): Questions => ({
      async pick(items, placeHolder) {
        offered.push([placeHolder, ...items.map((i) => i.label)]);
        return items.find((i) => ('entry' in i ? (i as unknown as { entry: { id: number } }).entry.id === id : i.label === action));
      },
      async text() {
        return undefined;
      },
      async notify() {
        return undefined;
      },
    });
    api.outbox.setQuestions(answer(dropped.id, 'Drop'));
    await vscode.commands.executeCommand('wsc.outbox.list');
    assert.match(offered[0]?.[0] ?? '', /2 unsent messages/);
    assert.ok(offered[0]?.some((label) => label.includes(`post in #general: "To drop ${stamp}"`)), JSON.stringify(offered));
    assert.deepEqual(offered[1]?.slice(1), ['Retry', 'Edit', 'Drop']);
    assert.equal(outbox.entries().some((e) => e.id === dropped.id), false, 'dropped');

    await faults({});
    api.outbox.setQuestions(answer(retried.id, 'Retry'));
    await vscode.commands.executeCommand('wsc.outbox.list');
    await waitFor('the retried entry sent', () => outbox.entries().length === 0, 20_000);
    api.outbox.setQuestions(undefined);
    assert.equal(await copiesAtService(FIXTURE.generalId, `To retry ${stamp}`), 1);
    assert.equal(await copiesAtService(FIXTURE.generalId, `To drop ${stamp}`), 0);
  });

  test('sign-out keeping unsent writes: they wait on disk and are sent once after signing in again', async () => {
    const outbox = api.outbox.current();
    assert.ok(outbox);
    await faults({ fail500: 1000, pathPattern: messagesPath(FIXTURE.generalId) });
    const body = `Kept over a sign-out ${Date.now()}`;
    await outbox.send({ kind: 'post', channelId: FIXTURE.generalId, channelName: 'general', body });
    api.outbox.setSignOutAsker(async () => 'keep');
    await vscode.commands.executeCommand('wsc.signOut');
    api.outbox.setSignOutAsker(undefined);
    assert.equal(api.services.auth.state.kind, 'signedOut');
    assert.equal(api.outbox.statusBar().visible, false);
    await faults({});
    assert.equal(await copiesAtService(FIXTURE.generalId, body), 0, 'not sent while signed out');

    await signedIn();
    await waitFor('the kept entry sent after signing in', async () => (await copiesAtService(FIXTURE.generalId, body)) === 1 || undefined, 20_000);
    await waitFor('the outbox empty', () => api.outbox.current()?.entries().length === 0);
    assert.equal(await copiesAtService(FIXTURE.generalId, body), 1, 'exactly once');
  });

  test('sign-out with unsent writes asks, naming how many, and cancelling keeps the session and the entry', async () => {
    const outbox = api.outbox.current();
    assert.ok(outbox);
    await faults({ fail500: 1000, pathPattern: messagesPath(FIXTURE.generalId) });
    const entry = (await outbox.send({ kind: 'post', channelId: FIXTURE.generalId, channelName: 'general', body: `Kept across a cancelled sign-out ${Date.now()}` })).entry;
    let asked = '';
    api.outbox.setSignOutAsker(async (message) => {
      asked = message;
      return undefined;
    });
    await vscode.commands.executeCommand('wsc.signOut');
    assert.match(asked, /^1 unsent message waits in the outbox/);
    assert.equal(api.services.auth.state.kind, 'signedIn');
    await waitFor('the entry still waiting', () => outbox.entries().some((e) => e.id === entry.id));
    assert.equal(await outbox.drop(entry.id), 'dropped', 'dropped, even while this window was sending it');
  });
});
