// Helpers for the suites (not a test file). The harness passes the local service's URL in
// WSC_TEST_SERVICE_URL (and as wsc.serviceUrl in the workspace settings) and sets WSC_TEST_MODE=1.
import * as vscode from 'vscode';
import type { WscExtensionApi, WscTestApi } from '../../../extension/test-api';

export const EXTENSION_ID = 'wsc.wsc';

/** Tokens of test/fixtures/basic.json. */
export const FIXTURE_TOKENS = {
  owner: 'hpt_owner_all',
  admin: 'hpt_admin_all',
} as const;

export function serviceUrl(): string {
  const url = process.env.WSC_TEST_SERVICE_URL;
  if (!url) throw new Error('WSC_TEST_SERVICE_URL is not set: run the suite through the harness (test/extension/README.md).');
  return url.replace(/\/+$/, '');
}

export async function wscExtension(): Promise<WscTestApi> {
  const ext = vscode.extensions.getExtension<WscExtensionApi>(EXTENSION_ID);
  if (!ext) throw new Error(`Extension ${EXTENSION_ID} is not loaded.`);
  const exports = ext.isActive ? ext.exports : await ext.activate();
  if (!exports.testApi) throw new Error('No test API: the extension host must run with WSC_TEST_MODE=1.');
  await exports.testApi.ready;
  return exports.testApi;
}
