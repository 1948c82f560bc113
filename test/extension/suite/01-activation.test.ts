import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { wscExtension } from './support';

suite('activation', () => {
  test('activates, returns the test API and registers the stable commands', async () => {
    const api = await wscExtension();
    assert.ok(api.activationMs >= 0);
    console.log(`wsc activation: ${api.activationMs} ms (activate() body, measured in the extension host)`);
    const commands = await vscode.commands.getCommands(true);
    for (const id of ['wsc.signIn', 'wsc.signOut', 'wsc.search', 'wsc.openMessageLink']) assert.ok(commands.includes(id), `${id} is registered`);
  });
});
