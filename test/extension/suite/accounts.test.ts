// Several accounts at once inside the real VS Code: the fixture owner on the runner's service
// (work) and a client's workspace on a second local service. Switching from the command swaps
// the Channels tree and the status bar; signing one out from the Accounts menu leaves the other;
// a fresh session over the same SecretStorage and globalState (what a restart reads) has both; a
// token kept under the former per-service key moves to its account's key.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import { accountSecretKey, type AccountStore } from '../../../extension/auth/account-list';
import { AuthSession } from '../../../extension/auth/auth-session';
import { secretKeyFor } from '../../../extension/auth/secret-key';
import { readConfig } from '../../../extension/config';
import { FIXTURE, projectRoot, serviceUrl, signedIn, waitFor } from './support';
import { openAccountOutbox } from '../../../shared/outbox';
import { terminalOfflineRoot } from '../../../shared/index';
import { startOwnService, stopOwnService, type OwnService } from './own-service';

const CLIENT_TOKEN = 'hpt_client_owner';
const CLIENT_WORKSPACE = 'Client Co';

/** basic.json as another workspace: its own id and name, `general` renamed `client-lobby`, the owner's token its own. */
function writeClientFixture(): string {
  const root = projectRoot();
  const text = readFileSync(join(root, 'test', 'fixtures', 'basic.json'), 'utf8').replaceAll('11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222');
  const fixture = JSON.parse(text) as { workspace: { name: string }; channels: { id: string; name: string }[]; tokens: { token: string }[] };
  fixture.workspace.name = CLIENT_WORKSPACE;
  for (const channel of fixture.channels) if (channel.id === FIXTURE.generalId) channel.name = 'client-lobby';
  for (const token of fixture.tokens) if (token.token === FIXTURE.ownerToken) token.token = CLIENT_TOKEN;
  const file = join(mkdtempSync(join(tmpdir(), 'wsc-client-')), 'client.json');
  writeFileSync(file, JSON.stringify(fixture));
  return file;
}

/** A globalState of its own (the person who signed in before accounts were kept has no list yet). */
class MemoryStore implements AccountStore {
  private readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.values.set(key, value);
  }
}

suite('several accounts', () => {
  let service: OwnService | undefined;

  suiteTeardown(async () => {
    if (service) await stopOwnService(service.child);
    await vscode.commands.executeCommand('wsc.signIn', { token: FIXTURE.ownerToken, serviceUrl: serviceUrl() });
  });

  test('two accounts stay signed in: switching swaps the trees and the status bar, signing one out leaves the other, a restart keeps both', async () => {
    const api = await signedIn();
    const auth = api.services.auth;
    const work = auth.activeAccountId;
    assert.ok(work);
    const channelNames = async () => (await api.channels.tree.getChildren()).map((node) => ('name' in node ? node.name : ''));
    await waitFor('the work channels', async () => (await channelNames()).includes('general'));

    service = await startOwnService(0, undefined, writeClientFixture());
    const clientUrl = service.url.replace(/\/+$/, '');
    await vscode.commands.executeCommand('wsc.addAccount', { token: CLIENT_TOKEN, serviceUrl: clientUrl });
    const client = auth.activeAccountId;
    assert.ok(client && client !== work, 'the added account is the active one');
    assert.deepEqual(auth.accounts().map((a) => a.id).sort(), [work, client].sort(), 'both accounts are kept');
    assert.equal(await api.services.context.secrets.get(accountSecretKey(work)), FIXTURE.ownerToken, 'the work token stays');
    assert.equal(await api.services.context.secrets.get(accountSecretKey(client)), CLIENT_TOKEN);
    await waitFor('the client channels', async () => (await channelNames()).includes('client-lobby'));
    assert.ok(!(await channelNames()).includes('general'));
    assert.match(api.auth.accounts.statusBar.text, /Olivia Owner · Client Co/);
    assert.equal((await api.auth.provider.getSessions()).length, 2, 'the Accounts menu has both');
    const rows = api.auth.accounts.tree.getChildren();
    assert.equal(rows.length, 2);
    assert.deepEqual(
      rows.map((row) => [row.id, api.auth.accounts.tree.getTreeItem(row).contextValue]),
      rows.map((row) => [row.id, row.id === client ? 'account:active' : 'account:other']),
    );

    // A panel of one account does not stay open as the other.
    await api.panels.open({ channelId: FIXTURE.generalId });
    const channelTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && /channelPanel/.test(t.input.viewType));
    await waitFor('the client channel panel', () => channelTabs().length === 1);
    await vscode.commands.executeCommand('wsc.switchAccount', { accountId: work });
    assert.equal(auth.activeAccountId, work);
    await waitFor('the client channel panel to close on the switch', () => channelTabs().length === 0);
    const state = auth.state;
    assert.ok(state.kind === 'signedIn' && state.identity.workspace === 'Acme Test' && state.serviceUrl === serviceUrl());
    await waitFor('the work channels again', async () => (await channelNames()).includes('general'));
    assert.ok(!(await channelNames()).includes('client-lobby'));
    assert.match(api.auth.accounts.statusBar.text, /Olivia Owner · Acme Test/);
    assert.equal(api.services.config().serviceUrl, serviceUrl(), 'wsc.serviceUrl follows the active account');

    // A restart: a fresh session over the same SecretStorage and globalState.
    const fresh = new AuthSession(api.services.context.secrets, api.services.logger, readConfig, undefined, api.services.context.globalState);
    try {
      const restored = await fresh.restore();
      assert.ok(restored.kind === 'signedIn' && restored.identity.workspace === 'Acme Test', 'the active account is restored');
      assert.deepEqual(fresh.accounts().map((a) => a.id).sort(), [work, client].sort());
      const other = await fresh.switchTo(client);
      assert.ok(other.kind === 'signedIn' && other.identity.workspace === CLIENT_WORKSPACE, 'the other switches in without a token asked');
      await fresh.switchTo(work);
    } finally {
      fresh.dispose();
    }

    // A write waits in the client account's outbox (queued while it was active, say): signing that
    // account out asks about it first, though it is not the active one.
    const clientAccount = auth.accounts().find((a) => a.id === client);
    assert.ok(clientAccount);
    const waiting = openAccountOutbox(terminalOfflineRoot(), clientAccount);
    waiting.enqueue({ kind: 'post', channelId: FIXTURE.generalId, body: 'sent from the client account later' });
    waiting.close();
    const asked: string[] = [];
    try {
      api.outbox.setSignOutAsker(async (message) => (asked.push(message), undefined));
      await vscode.commands.executeCommand('wsc.signOutAccount', { accountId: client });
      assert.equal(asked.length, 1, 'asked once');
      assert.match(asked[0] ?? '', /waits in the outbox of Olivia Owner · Client Co/);
      assert.deepEqual(auth.accounts().map((a) => a.id).sort(), [work, client].sort(), 'cancelled: both stay signed in');
      // The Accounts menu signs the client account out, and only it: the waiting write dropped as asked.
      api.outbox.setSignOutAsker(async (message) => (asked.push(message), 'drop'));
      await api.auth.provider.removeSession(client);
      assert.equal(asked.length, 2, 'the Accounts menu asks too');
    } finally {
      api.outbox.setSignOutAsker(undefined);
    }
    const left = openAccountOutbox(terminalOfflineRoot(), clientAccount);
    assert.deepEqual(left.list(), [], 'the dropped write is gone');
    left.close();
    assert.equal(auth.activeAccountId, work);
    assert.equal(auth.state.kind, 'signedIn');
    assert.deepEqual(auth.accounts().map((a) => a.id), [work]);
    assert.equal(await api.services.context.secrets.get(accountSecretKey(client)), undefined);
    assert.deepEqual((await api.auth.provider.getSessions()).map((s) => s.id), [work]);
    assert.equal(await api.services.context.secrets.get(accountSecretKey(work)), FIXTURE.ownerToken);
  });

  test('a token kept under the former per-service key signs in and moves to its account key', async () => {
    const api = await signedIn();
    const secrets = api.services.context.secrets;
    const former = secretKeyFor(serviceUrl());
    await secrets.store(former, FIXTURE.ownerToken);
    const fresh = new AuthSession(secrets, api.services.logger, readConfig, undefined, new MemoryStore());
    try {
      const restored = await fresh.restore();
      assert.ok(restored.kind === 'signedIn' && restored.identity.handle === FIXTURE.ownerHandle, 'still signed in after the change');
      const [account] = fresh.accounts();
      assert.ok(account);
      assert.equal(fresh.activeAccountId, account.id);
      assert.equal(await secrets.get(accountSecretKey(account.id)), FIXTURE.ownerToken);
      assert.equal(await secrets.get(former), undefined, 'the former key is emptied');
    } finally {
      fresh.dispose();
    }
  });
});
