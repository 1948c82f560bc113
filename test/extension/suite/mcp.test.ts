// The workspace's MCP server for agent mode, inside the real VS Code: registered through the MCP
// server definition provider API, the definition resolves with the signed-in token from
// SecretStorage (and the service accepts it), nothing in settings or mcp.json holds the token, and
// signing out and in fires the change event.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { FIXTURE, serviceUrl, signedIn, waitFor } from './support';

/** Settings and MCP configuration files of this VS Code profile and of the open folder. */
function configFiles(context: vscode.ExtensionContext): string[] {
  const userDir = dirname(dirname(context.globalStorageUri.fsPath));
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const files = [join(userDir, 'settings.json'), join(userDir, 'mcp.json')];
  if (folder) files.push(join(folder, '.vscode', 'settings.json'), join(folder, '.vscode', 'mcp.json'));
  return files.filter((f) => existsSync(f));
}

suite('MCP server for agent mode', () => {
  test('MCP: the provider is registered with VS Code and offers the service endpoint without a token', async () => {
    const api = await signedIn();
    assert.equal(api.mcp.registered, true, 'vscode.lm.registerMcpServerDefinitionProvider is missing in this VS Code');
    const definitions = (await api.mcp.provider.provideMcpServerDefinitions()) ?? [];
    assert.equal(definitions.length, 1);
    const [definition] = definitions as vscode.McpHttpServerDefinition[];
    assert.ok(definition instanceof vscode.McpHttpServerDefinition);
    assert.equal(definition.uri.toString(true), `${serviceUrl()}/api/mcp`);
    assert.equal(definition.headers.authorization, undefined);
    assert.ok(!JSON.stringify(definition).includes(FIXTURE.ownerToken));
  });

  test('MCP: resolving adds the token from SecretStorage, and the service takes it; no settings file stores it', async () => {
    const api = await signedIn();
    const [definition] = (await api.mcp.provider.provideMcpServerDefinitions()) as vscode.McpHttpServerDefinition[];
    const resolved = await api.mcp.provider.resolveMcpServerDefinition(definition!);
    assert.ok(resolved);
    assert.equal(resolved.headers.authorization, `Bearer ${FIXTURE.ownerToken}`);
    assert.equal(await api.services.context.secrets.get(api.services.auth.storageKey()), FIXTURE.ownerToken);
    const answer = await fetch(resolved.uri.toString(true), {
      method: 'POST',
      headers: { ...resolved.headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'extension-test', version: '1' } },
      }),
    });
    assert.equal(answer.status, 200);
    const body = (await answer.json()) as { result?: { serverInfo?: { name?: string } } };
    assert.equal(body.result?.serverInfo?.name, 'wsc-workspace');
    const files = configFiles(api.services.context);
    assert.ok(files.length > 0, 'expected the profile settings.json');
    for (const file of files) assert.ok(!readFileSync(file, 'utf8').includes(FIXTURE.ownerToken), `${file} holds the token`);
    const settings = JSON.stringify([vscode.workspace.getConfiguration('mcp'), vscode.workspace.getConfiguration('wsc')]);
    assert.ok(!settings.includes(FIXTURE.ownerToken));
  });

  test('MCP: signing out and in fires the change event; signed out nothing is offered', async () => {
    const api = await signedIn();
    let changes = 0;
    const listening = api.mcp.provider.onDidChangeMcpServerDefinitions(() => changes++);
    try {
      await vscode.commands.executeCommand('wsc.signOut');
      await waitFor('a change event after sign-out', () => changes >= 1);
      assert.deepEqual(await api.mcp.provider.provideMcpServerDefinitions(), []);
      await signedIn();
      await waitFor('a change event after sign-in', () => changes >= 2);
      assert.equal(((await api.mcp.provider.provideMcpServerDefinitions()) ?? []).length, 1);
    } finally {
      listening.dispose();
      await signedIn();
    }
  });

  test('MCP: "Workspace: Show MCP Server" shows the URL it registered, never the token', async () => {
    await signedIn();
    const shown = await vscode.commands.executeCommand<{ label: string; url: string } | undefined>('wsc.showMcpServer');
    assert.ok(shown);
    assert.equal(shown.url, `${serviceUrl()}/api/mcp`);
    assert.match(shown.label, /^Workspace: /);
    assert.ok(!JSON.stringify(shown).includes(FIXTURE.ownerToken));
  });
});
