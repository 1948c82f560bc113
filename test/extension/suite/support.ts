// Helpers for the suites (not a test file). The harness passes the local service's URL in
// WSC_TEST_SERVICE_URL (and as wsc.serviceUrl in the workspace settings) and sets WSC_TEST_MODE=1.
import * as vscode from 'vscode';
import type { WscExtensionApi, WscTestApi } from '../../../extension/test-api';

export const EXTENSION_ID = 'wsc-dev.wsc';

/** The checkout the suite runs from (fixtures, dist/wsc.js): the runner says so, since with --from-vsix the extension's own folder is the installed .vsix. */
export function projectRoot(): string {
  return process.env.WSC_TEST_PROJECT_ROOT || (vscode.extensions.getExtension(EXTENSION_ID)?.extensionPath ?? '');
}

/** Tokens and ids of test/fixtures/basic.json. */
export const FIXTURE = {
  ownerToken: 'hpt_owner_all',
  ownerHandle: 'olivia',
  adminToken: 'hpt_admin_all',
  generalId: 'c0000000-0000-4000-8000-000000000001',
  archivedName: 'old-project',
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

/** A POST to the local service's control API (with this run's key, which the runner passes on). */
export async function controlPost<T = unknown>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${serviceUrl()}/_emulator${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-emulator-key': process.env.WSC_TEST_CONTROL_KEY ?? '' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST /_emulator${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs in as the fixture owner through the public command (no UI typing). */
export async function signedIn(): Promise<WscTestApi> {
  const api = await wscExtension();
  if (api.services.auth.state.kind !== 'signedIn') {
    await vscode.commands.executeCommand('wsc.signIn', { token: FIXTURE.ownerToken, serviceUrl: serviceUrl() });
  }
  if (api.services.auth.state.kind !== 'signedIn') throw new Error('Sign-in with the fixture owner token failed (see the Workspace log).');
  return api;
}

/** A call to the service as someone else (plain HTTP, outside the extension). */
export async function asOther<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${serviceUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-service-client': 'extension-test' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export async function waitFor<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
