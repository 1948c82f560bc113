import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { signedIn } from './support';

suite('sign-out', () => {
  test('wsc.signOut clears the secret and the Accounts session', async () => {
    const api = await signedIn();
    const key = api.services.auth.storageKey();
    assert.ok(await api.services.context.secrets.get(key));
    await vscode.commands.executeCommand('wsc.signOut');
    assert.equal(api.services.auth.state.kind, 'signedOut');
    assert.equal(await api.services.context.secrets.get(key), undefined);
    assert.deepEqual(await api.auth.provider.getSessions(), []);
    assert.deepEqual(await api.channels.tree.getChildren(), []);
  });
});
