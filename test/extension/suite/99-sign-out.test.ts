import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { FIXTURE, signedIn, waitFor } from './support';

const workspaceTabs = () =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => (t.input instanceof vscode.TabInputWebview && /wsc\./.test(t.input.viewType)) || (t.input instanceof vscode.TabInputText && t.input.uri.scheme === 'wsc-doc'));

suite('sign-out', () => {
  test('wsc.signOut clears the secret and the Accounts session, and closes the tabs with workspace content', async () => {
    const api = await signedIn();
    await api.panels.open({ channelId: FIXTURE.generalId });
    await vscode.commands.executeCommand('wsc.openRunTimeline', 'b0000000-0000-4000-8000-000000000002');
    await vscode.commands.executeCommand('wsc.docs.open', { id: 'd0000000-0000-4000-8000-000000000003', title: 'Deploy guide' });
    await waitFor('a channel, a timeline and a doc tab', () => workspaceTabs().length >= 3);
    const key = api.services.auth.storageKey();
    assert.ok(await api.services.context.secrets.get(key));
    await vscode.commands.executeCommand('wsc.signOut');
    assert.equal(api.services.auth.state.kind, 'signedOut');
    assert.equal(await api.services.context.secrets.get(key), undefined);
    assert.deepEqual(await api.auth.provider.getSessions(), []);
    assert.deepEqual(await api.channels.tree.getChildren(), []);
    await waitFor('the workspace tabs to close', () => workspaceTabs().length === 0);
  });
});
