// Channel settings inside the real VS Code: every section loads; env values are set through
// the (test-answered) password prompt and never reach the webview; budget, rebuild; a member sees
// the admin-only actions disabled with the reason and the service's refusal.
import * as assert from 'node:assert/strict';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { SettingsPanel } from '../../../extension/channel-settings/settings-panel';
import type { WscTestApi } from '../../../extension/test-api';
import { FIXTURE, serviceUrl, signedIn, waitFor } from './support';

const SECRET_VALUE = 'postgres://suite:s3cret-value@db.internal/app';
let api: WscTestApi;

async function openPanel(): Promise<SettingsPanel> {
  const panel = await vscode.commands.executeCommand<SettingsPanel | undefined>('wsc.channelSettings', { id: FIXTURE.generalId, name: 'general', kind: 'channel' });
  assert.ok(panel, 'the settings panel opened');
  await panel.whenLoaded();
  await waitFor('every section', () => Object.keys(panel.snapshot().sections).length + Object.keys(panel.snapshot().errors).length === 5 && panel.snapshot().canAdmin !== undefined);
  return panel;
}

function section<K extends string>(panel: SettingsPanel, name: K) {
  return panel.snapshot().sections[name as 'members'];
}

suite('channel settings', () => {
  suiteSetup(async () => {
    api = await signedIn();
  });
  suiteTeardown(async function () {
    this.timeout(75_000);
    api.channelSettings.setPrompts(undefined);
    api.channelSettings.panelFor(FIXTURE.generalId)?.dispose();
    await vscode.commands.executeCommand('wsc.signIn', { token: FIXTURE.ownerToken, serviceUrl: serviceUrl() });
  });

  test('loads members with mentions, links, env, budget and the warm workspace', async () => {
    const panel = await openPanel();
    const snap = panel.snapshot();
    assert.deepEqual(snap.errors, {});
    assert.equal(snap.canAdmin, true);
    const members = section(panel, 'members');
    assert.ok(members?.section === 'members' && members.members.some((m) => m.mention === `@${FIXTURE.ownerHandle}`), 'ready-to-paste mentions');
    const links = snap.sections.links;
    assert.ok(links?.section === 'links' && links.links.some((l) => l.kind === 'repository' && l.repo_full_name === 'acme/app'));
    assert.ok(snap.sections.env?.section === 'env');
    assert.ok(snap.sections.budget?.section === 'budget' && /^\d{4}-\d{2}$/.test(snap.sections.budget.budget.month));
    assert.ok(snap.sections.warm?.section === 'warm' && typeof snap.sections.warm.warm.enabled === 'boolean');
    await panel.receive({ type: 'copyMention', mention: `@${FIXTURE.ownerHandle}` });
    assert.equal(await vscode.env.clipboard.readText(), `@${FIXTURE.ownerHandle}`);
  });

  test('sets a write-only env value through the password prompt and deletes it after a confirmation', async () => {
    const panel = await openPanel();
    let confirmAnswer = false;
    api.channelSettings.setPrompts({
      envName: async () => 'DATABASE_URL',
      envKind: async () => 'secret',
      envValue: async () => SECRET_VALUE,
      confirm: async () => confirmAnswer,
    });
    await panel.receive({ type: 'setEnv', name: null });
    const env = panel.snapshot().sections.env;
    const entry = env?.section === 'env' ? env.env.find((e) => e.name === 'DATABASE_URL') : undefined;
    assert.ok(entry, `the value is listed: ${JSON.stringify(panel.snapshot().posted.at(-1))}`);
    assert.equal(entry.kind, 'secret');
    assert.match(entry.fingerprint, /^sha256:/);
    assert.ok(!JSON.stringify(panel.snapshot().posted).includes(SECRET_VALUE), 'the value never travels to the webview');
    await panel.receive({ type: 'deleteEnv', name: 'DATABASE_URL' });
    const kept = panel.snapshot().sections.env;
    assert.ok(kept?.section === 'env' && kept.env.some((e) => e.name === 'DATABASE_URL'), 'declined: kept');
    confirmAnswer = true;
    await panel.receive({ type: 'deleteEnv', name: 'DATABASE_URL' });
    const gone = panel.snapshot().sections.env;
    assert.ok(gone?.section === 'env' && !gone.env.some((e) => e.name === 'DATABASE_URL'), 'confirmed: deleted');
  });

  test('sets the monthly budget; a rebuild without a saved project shows the service answer', async () => {
    const panel = await openPanel();
    api.channelSettings.setPrompts({ monthlyCredits: async () => 750, confirm: async () => true });
    await panel.receive({ type: 'setBudget' });
    const budget = panel.snapshot().sections.budget;
    assert.ok(budget?.section === 'budget' && budget.budget.monthlyCredits === 750);
    const warm = panel.snapshot().sections.warm;
    assert.ok(warm?.section === 'warm' && warm.warm.status === 'none', 'the fixture channel has no saved project');
    await panel.receive({ type: 'rebuildWarm' });
    const notice = [...panel.snapshot().posted].reverse().find((m) => m.type === 'notice');
    assert.ok(notice && notice.type === 'notice' && notice.kind === 'error' && /saved project/i.test(`${notice.message} ${notice.hint ?? ''}`), `the 409 answer and hint: ${JSON.stringify(notice)}`);
  });

  // Switching people closes the previous client, which waits for an open mention long-poll (up to 25 s).
  test('a member sees admin-only actions disabled with the reason, and the service refusal', async function () {
    this.timeout(75_000);
    api.channelSettings.panelFor(FIXTURE.generalId)?.dispose();
    await vscode.commands.executeCommand('wsc.signIn', { token: 'hpt_member_rw', serviceUrl: serviceUrl() });
    const panel = await openPanel();
    assert.equal(panel.snapshot().canAdmin, false);
    const init = [...panel.snapshot().posted].reverse().find((m) => m.type === 'init');
    assert.ok(init && init.type === 'init' && !init.canAdmin && /admin/i.test(init.adminReason));
    api.channelSettings.setPrompts({ monthlyCredits: async () => 10 });
    await panel.receive({ type: 'setBudget' });
    const notice = [...panel.snapshot().posted].reverse().find((m) => m.type === 'notice');
    assert.ok(notice && notice.type === 'notice' && notice.kind === 'error' && notice.hint, 'the refusal shows message and hint');
    panel.dispose();
  });
});
