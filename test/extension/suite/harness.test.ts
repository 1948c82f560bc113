// Checks the harness itself (test/extension/run-code-server and run-electron), independent of
// the extension's features: what the runner promises the suites is really there.
import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';

// Self-contained on purpose (no ./support): it must hold whatever state the feature suites are in.
const EXTENSION_ID = 'wsc-dev.wsc';
function serviceUrl(): string {
  const url = process.env.WSC_TEST_SERVICE_URL;
  if (!url) throw new Error('WSC_TEST_SERVICE_URL is not set: run the suite through test/extension/run-code-server.');
  return url;
}

suite('harness', () => {
  test('the extension host runs in test mode with the local service URL', () => {
    assert.equal(process.env.WSC_TEST_MODE, '1');
    assert.match(serviceUrl(), /^http:\/\/127\.0\.0\.1:\d+$/);
  });

  test('wsc.serviceUrl in the settings points at the local service', () => {
    assert.equal(vscode.workspace.getConfiguration('wsc').get<string>('serviceUrl'), serviceUrl());
  });

  test('the extension under development is loaded from the project', () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not among the loaded extensions`);
    assert.equal(extension.packageJSON.name, 'wsc');
  });

  test('a workspace folder is open', () => {
    assert.equal(vscode.workspace.workspaceFolders?.length, 1);
  });

  test('the local service answers from the extension host', async () => {
    const response = await fetch(`${serviceUrl()}/api`);
    assert.equal(response.status, 200);
  });
});
