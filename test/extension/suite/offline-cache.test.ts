import * as assert from 'node:assert/strict';
import { existsSync, statSync } from 'node:fs';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { terminalOfflineRoot } from '../../../shared/index';
import { signedIn, waitFor } from './support';

suite('offline cache', () => {
  test("the extension host keeps the account cache in the account's folder shared with the terminal (0600) from what the trees read, and sign-out removes it", async () => {
    const api = await signedIn();
    const path = api.services.auth.offlineCachePath;
    assert.ok(path, 'an offline cache is open while signed in');
    assert.ok(path.startsWith(terminalOfflineRoot()), `${path} lies in the account folders the terminal uses (${terminalOfflineRoot()})`);
    await api.channels.tree.getChildren();
    await api.tasks.tree.getChildren();
    await waitFor('the cache file', () => existsSync(path) && statSync(path).size > 0);
    if (process.platform !== 'win32') assert.equal(statSync(path).mode & 0o777, 0o600);
    await vscode.commands.executeCommand('wsc.signOut');
    assert.equal(existsSync(path), false);
    await signedIn();
  });
});
