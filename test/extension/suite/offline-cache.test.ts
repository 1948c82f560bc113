import * as assert from 'node:assert/strict';
import { existsSync, statSync } from 'node:fs';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { signedIn, waitFor } from './support';

suite('offline cache', () => {
  test('the extension host keeps the account cache in its global storage (0600) from what the trees read, and sign-out removes it', async () => {
    const api = await signedIn();
    const path = api.services.auth.offlineCachePath;
    assert.ok(path, 'an offline cache is open while signed in');
    assert.ok(path.startsWith(api.services.context.globalStorageUri.fsPath), `${path} lies in the global storage folder`);
    await api.channels.tree.getChildren();
    await api.tasks.tree.getChildren();
    await waitFor('the cache file', () => existsSync(path) && statSync(path).size > 0);
    if (process.platform !== 'win32') assert.equal(statSync(path).mode & 0o777, 0o600);
    await vscode.commands.executeCommand('wsc.signOut');
    assert.equal(existsSync(path), false);
    await signedIn();
  });
});
