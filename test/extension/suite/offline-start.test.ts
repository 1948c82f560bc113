// Starting from the offline cache inside the real VS Code: with the service stopped, opening the
// workspace (a restore from the stored token) shows the Channels and Tasks trees from the saved
// copy at once, marked as such; when the service answers again the mark goes and the rows are the
// service's.
import * as assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import { writeServiceUrl } from '../../../extension/config';
import type { ChannelNode } from '../../../extension/channels/channels-tree';
import { FIXTURE, serviceUrl, signedIn, waitFor } from './support';
import { startOwnService, stopOwnService, type OwnService } from './own-service';
import { inWebview } from './webview-driver';

async function postAs(url: string, token: string, channelId: string, body: string, parentId?: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/channels/${channelId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(parentId ? { body, parent_id: parentId } : { body }),
  });
  if (!response.ok) throw new Error(`POST answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

function channelNames(nodes: readonly ChannelNode[]): string[] {
  return nodes.flatMap((n) => ('id' in n ? [n.name] : []));
}

suite('trees from the offline cache', () => {
  let service: OwnService | undefined;

  suiteTeardown(async () => {
    if (service) await stopOwnService(service.child);
    await vscode.commands.executeCommand('wsc.signIn', { token: FIXTURE.ownerToken, serviceUrl: serviceUrl() });
  });

  test('with the service stopped, the trees show the saved copy at once, marked; when it answers again the mark goes', async () => {
    const api = await signedIn();
    const signedInAt = (at: string) => api.services.auth.state.kind === 'signedIn' && api.services.auth.state.serviceUrl.replace(/\/+$/, '') === at;
    service = await startOwnService();
    const url = service.url;
    const port = Number(new URL(url).port);
    await vscode.commands.executeCommand('wsc.signIn', { token: FIXTURE.ownerToken, serviceUrl: url });
    await waitFor('signed in to the restartable service', () => signedInAt(url));
    const live = channelNames(await api.channels.tree.getChildren());
    assert.ok(live.includes('general'), `the live list has #general (${live.join(', ')})`);
    const liveTasks = await api.tasks.tree.getChildren();
    assert.ok(liveTasks.length > 0, 'the live task list has groups');
    assert.equal(api.channels.view.message, undefined);

    // Away to the other service, stop this one, and come back: what opening a window does (a restore from the stored token).
    await writeServiceUrl(serviceUrl());
    await waitFor('signed in to the suite service', () => signedInAt(serviceUrl()));
    await stopOwnService(service.child);
    const signedInFromCopy = new Promise<number>((resolve) => {
      const listening = api.services.auth.onDidChange(() => {
        if (!signedInAt(url)) return;
        listening.dispose();
        resolve(performance.now());
      });
    });
    let configAt = 0;
    const configChange = vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('wsc.serviceUrl')) configAt = performance.now();
    });
    const started = performance.now();
    await writeServiceUrl(url);
    const sessionAt = await signedInFromCopy;
    const [saved, savedTasks] = await Promise.all([api.channels.tree.getChildren().then(channelNames), api.tasks.tree.getChildren()]);
    const filledAt = performance.now();
    configChange.dispose();
    console.log(
      `offline-start-ms: restore to trees filled ${(filledAt - started).toFixed(1)}, session from the saved copy ${(sessionAt - started).toFixed(1)}, trees after the session ${(filledAt - sessionAt).toFixed(1)}, setting change seen ${(configAt - started).toFixed(1)}`,
    );
    assert.deepEqual(saved, live, 'the saved copy lists the same channels');
    assert.equal(savedTasks.length, liveTasks.length, 'the saved copy has the same task groups');
    assert.ok(api.channels.tree.savedAt !== undefined, 'the channels are the saved copy');
    assert.ok(api.tasks.tree.savedAt !== undefined, 'the tasks are the saved copy');
    await waitFor('the mark says the service cannot be reached', () => !api.services.auth.reachable && /^Saved copy · updated .* cannot be reached/.test(api.channels.view.message ?? ''), 20_000);
    assert.match(api.tasks.view.message ?? '', /^Saved copy · updated /);
    assert.deepEqual(channelNames(await api.channels.tree.getChildren()), live, 'the saved rows stay while the service cannot be reached');

    service = await startOwnService(port);
    await waitFor('the service answers again', () => api.services.auth.reachable, 20_000);
    await waitFor('the marks gone', () => api.channels.view.message === undefined && api.tasks.view.message === undefined && api.channels.tree.savedAt === undefined && api.tasks.tree.savedAt === undefined, 20_000);
    assert.deepEqual(channelNames(await api.channels.tree.getChildren()), live);
  });

  test('after the service was stopped and restarted, an open channel panel and the mentions catch up, each message once', async () => {
    const api = await signedIn();
    if (service) await stopOwnService(service.child);
    service = await startOwnService();
    const url = service.url;
    const port = Number(new URL(url).port);
    await vscode.commands.executeCommand('wsc.signIn', { token: FIXTURE.ownerToken, serviceUrl: url });
    await waitFor('signed in to the restartable service', () => api.services.auth.state.kind === 'signedIn' && api.services.auth.state.serviceUrl.replace(/\/+$/, '') === url);
    await api.mentions.started();
    const panel = await api.panels.open({ channelId: FIXTURE.generalId });
    assert.ok(panel);
    await waitFor('the first page', () => panel.snapshot().shown !== null);

    await stopOwnService(service.child);
    await waitFor('the session sees the service cannot be reached', () => !api.services.auth.reachable, 30_000);
    service = await startOwnService(port);
    // More than one page (50) arrives while the extension still takes the service for unreachable.
    const marker = `Caught up after the restart ${Date.now()}`;
    const bodies = Array.from({ length: 55 }, (_, i) => `${marker} #${i + 1}`);
    for (const body of bodies) await postAs(url, FIXTURE.adminToken, FIXTURE.generalId, body);
    const mention = `${marker} for @${FIXTURE.ownerHandle}`;
    await postAs(url, FIXTURE.adminToken, FIXTURE.generalId, mention);

    await waitFor('the session sees the service again', () => api.services.auth.reachable, 30_000);
    const shownCount = `[...document.querySelectorAll('.message-list .message .content')].filter((n) => n.textContent.includes(${JSON.stringify(marker)})).length`;
    await waitFor('every message shown in the panel', async () => ((await inWebview('#general', [{ op: 'eval', expression: shownCount }]))[0] as number) === bodies.length + 1, 30_000);
    const texts = (await inWebview('#general', [
      { op: 'eval', expression: `[...document.querySelectorAll('.message-list .message .content')].map((n) => n.textContent).filter((t) => t.includes(${JSON.stringify(marker)}))` },
    ]))[0] as string[];
    for (const body of bodies) assert.equal(texts.filter((t) => t.trim() === body).length, 1, `${body} shown once`);
    await waitFor('the mention in the inbox', () => api.mentions.inbox.rows().some((r) => r.body.includes(mention)), 30_000);
    assert.equal(api.mentions.inbox.rows().filter((r) => r.body.includes(mention)).length, 1, 'the mention once');
    panel.dispose();
  });

  test('a channel panel opened while the service is stopped shows the saved messages at once, marked; the live page replaces them when it answers', async () => {
    const api = await signedIn();
    if (service) await stopOwnService(service.child);
    const data = join(mkdtempSync(join(tmpdir(), 'wsc-offline-panel-')), 'service.db');
    service = await startOwnService(0, data);
    const url = service.url;
    const port = Number(new URL(url).port);
    await vscode.commands.executeCommand('wsc.signIn', { token: FIXTURE.ownerToken, serviceUrl: url });
    await waitFor('signed in to the restartable service', () => api.services.auth.state.kind === 'signedIn' && api.services.auth.state.serviceUrl.replace(/\/+$/, '') === url);
    const first = await api.panels.open({ channelId: FIXTURE.generalId });
    assert.ok(first);
    await waitFor('the first page', () => first.snapshot().shown !== null);
    // Arrives while the panel is open: read live, it must be in the saved copy too.
    const live = `Read live before the outage ${Date.now()}`;
    // Enough to scroll: the reader's place is then somewhere in the middle.
    for (let i = 1; i <= 40; i++) await postAs(url, FIXTURE.adminToken, FIXTURE.generalId, `${live} #${i}`);
    await postAs(url, FIXTURE.adminToken, FIXTURE.generalId, live);
    const shows = (text: string) => `[...document.querySelectorAll('.message-list .message .content')].some((n) => n.textContent.includes(${JSON.stringify(text)}))`;
    await waitFor('the live message in the panel', async () => {
      await first.refreshNewer();
      return ((await inWebview('#general', [{ op: 'eval', expression: shows(live) }]))[0] as boolean) === true;
    }, 30_000);
    first.dispose();

    await stopOwnService(service.child);
    const panel = await api.panels.open({ channelId: FIXTURE.generalId });
    assert.ok(panel, 'the panel opens from the saved channel list');
    await waitFor('the saved copy shown and marked as unreachable', () => /^Saved copy · updated .* cannot be reached/.test(panel.snapshot().shown?.savedCopy ?? ''), 30_000);
    assert.ok((panel.snapshot().shown?.messages ?? 0) > 1, 'the saved messages are shown');
    assert.equal((await inWebview('#general', [{ op: 'eval', expression: shows(live) }]))[0], true, 'the message read live is in the saved copy');
    const bar = (await inWebview('#general', [{ op: 'eval', expression: `document.querySelector('.saved-copy-bar')?.textContent ?? ''` }]))[0] as string;
    assert.match(bar, /^Saved copy · updated .* · the service cannot be reached; this refreshes by itself when it answers$/);

    // Scrolled up into the saved copy: the live page must leave the same message at the top.
    const topmost = `(() => { const l = document.querySelector('.messages'); const top = l.getBoundingClientRect().top; const m = [...document.querySelectorAll('.message-list > .message')].find((n) => n.getBoundingClientRect().bottom > top + 1); return m ? m.dataset.id : null; })()`;
    const [readingAt] = (await inWebview('#general', [{ op: 'eval', expression: `(() => { const l = document.querySelector('.messages'); l.scrollTop = Math.floor((l.scrollHeight - l.clientHeight) / 2); return ${topmost}; })()` }])) as (string | null)[];
    assert.ok(readingAt, 'a message at the top of the scrolled list');
    assert.notEqual(readingAt, (await inWebview('#general', [{ op: 'eval', expression: `document.querySelector('.message-list > .message').dataset.id` }]))[0], 'scrolled away from the first message');

    service = await startOwnService(port, data);
    const after = `Posted while the panel showed the saved copy ${Date.now()}`;
    await postAs(url, FIXTURE.adminToken, FIXTURE.generalId, after);
    await waitFor('the live page replaced the saved copy', async () => panel.snapshot().shown?.savedCopy === null && ((await inWebview('#general', [{ op: 'eval', expression: shows(after) }]))[0] as boolean), 30_000);
    assert.equal((await inWebview('#general', [{ op: 'eval', expression: `document.querySelector('.saved-copy-bar').hidden` }]))[0], true, 'the mark is gone');
    assert.equal((await inWebview('#general', [{ op: 'eval', expression: topmost }]))[0], readingAt, 'the reader keeps their place');
    panel.dispose();
  });

  test('a thread opened before opens from the saved copy while the service is stopped', async () => {
    const api = await signedIn();
    if (service) await stopOwnService(service.child);
    const data = join(mkdtempSync(join(tmpdir(), 'wsc-offline-thread-')), 'service.db');
    service = await startOwnService(0, data);
    const url = service.url;
    await vscode.commands.executeCommand('wsc.signIn', { token: FIXTURE.ownerToken, serviceUrl: url });
    await waitFor('signed in to the restartable service', () => api.services.auth.state.kind === 'signedIn' && api.services.auth.state.serviceUrl.replace(/\/+$/, '') === url);
    const stamp = Date.now();
    const rootId = await postAs(url, FIXTURE.adminToken, FIXTURE.generalId, `Thread root ${stamp}`);
    await postAs(url, FIXTURE.adminToken, FIXTURE.generalId, `A reply kept for later ${stamp}`, rootId);
    const replyShown = `[...document.querySelectorAll('.thread-pane .message .content')].some((n) => n.textContent.includes(${JSON.stringify(`A reply kept for later ${stamp}`)}))`;
    const first = await api.panels.open({ channelId: FIXTURE.generalId, threadRootId: rootId });
    assert.ok(first);
    await waitFor('the thread with its reply', async () => (await inWebview('#general', [{ op: 'eval', expression: replyShown }]))[0] === true, 30_000);
    first.dispose();

    await stopOwnService(service.child);
    service = undefined;
    const panel = await api.panels.open({ channelId: FIXTURE.generalId, threadRootId: rootId });
    assert.ok(panel);
    await waitFor('the saved thread shown', async () => (await inWebview('#general', [{ op: 'eval', expression: replyShown }]))[0] === true, 30_000);
    assert.match(panel.snapshot().shown?.savedCopy ?? '', /^Saved copy · updated /);
    panel.dispose();
  });
});
