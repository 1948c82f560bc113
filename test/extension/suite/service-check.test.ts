import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { suite, test } from 'mocha';
import { signedIn, waitFor } from './support';

suite('service compatibility check', () => {
  test('runs quietly after sign-in, and on "Workspace: Check Service Compatibility"; the local service passes', async () => {
    const api = await signedIn();
    const quiet = await waitFor('the quiet check after sign-in', () => api.auth.serviceChecks[0]);
    assert.equal(quiet.ok, true, quiet.lines.join('\n'));
    const before = api.auth.serviceChecks.length;
    await vscode.commands.executeCommand('wsc.checkServiceCompatibility');
    const asked = api.auth.serviceChecks[before];
    assert.ok(asked, 'the command made a check');
    assert.equal(asked.ok, true, asked.lines.join('\n'));
    assert.match(asked.message, /all \d+ checks passed/);
    assert.ok(asked.lines.some((l) => l.startsWith('✓ GET /api/v1/docs/{id}')), asked.lines.join('\n'));
  });
});
