// The automations panel inside the real VS Code, driven through its validated message
// handler and snapshot: list with runs and isAdmin, create (validated), toggle, webhook key once,
// delete with confirmation, and a member's view (admin-only, service refusal with its hint).
import * as assert from 'node:assert/strict';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import { emptyDraft, type AutomationDraft } from '../../../extension/automations/automation-form';
import type { AutomationsPanel } from '../../../extension/automations/automations-panel';
import type { WscTestApi } from '../../../extension/test-api';
import { FIXTURE, serviceUrl, signedIn, waitFor } from './support';

const MEMBER_TOKEN = 'hpt_member_rw';
let api: WscTestApi;

function draft(over: (d: AutomationDraft) => void): AutomationDraft {
  const d = emptyDraft();
  over(d);
  return d;
}

async function openPanel(): Promise<AutomationsPanel> {
  const panel = await vscode.commands.executeCommand<AutomationsPanel | undefined>('wsc.manageAutomations', FIXTURE.generalId);
  assert.ok(panel, 'the automations panel opened');
  await waitFor('the automations list', () => panel.snapshot().isAdmin !== undefined);
  return panel;
}

function last<T extends { type: string }>(posted: readonly T[], type: string): T | undefined {
  return [...posted].reverse().find((m) => m.type === type);
}

suite('automations', () => {
  suiteSetup(async () => {
    api = await signedIn();
  });
  suiteTeardown(async function () {
    this.timeout(75_000);
    api.automations.setConfirmDelete(undefined);
    api.automations.panelFor(FIXTURE.generalId)?.dispose();
    await vscode.commands.executeCommand('wsc.signIn', { token: FIXTURE.ownerToken, serviceUrl: serviceUrl() });
  });

  test('lists the channel automations with their run history and whether I may change them', async () => {
    const panel = await openPanel();
    const snap = panel.snapshot();
    assert.equal(snap.isAdmin, true);
    const echo = snap.automations.find((a) => a.name === 'Deploy echo');
    assert.ok(echo, 'the fixture automation is listed');
    assert.ok(Array.isArray(echo.runs));
    const list = last(snap.posted, 'list');
    assert.ok(list && list.type === 'list' && list.isAdmin && list.automations.some((a) => a.summary.includes('deploy now')));
  });

  test('refuses an invalid form locally, field by field, and sends nothing', async () => {
    const panel = await openPanel();
    const before = panel.snapshot().automations.length;
    await panel.receive({ type: 'save', requestId: 'bad-1', draft: draft((d) => {
      d.name = 'Too often';
      d.trigger.kind = 'schedule';
      d.trigger.everyMinutes = '5';
      d.actions = [];
    }) });
    const errors = last(panel.snapshot().posted, 'formErrors');
    assert.ok(errors && errors.type === 'formErrors');
    assert.deepEqual(errors.errors.map((e) => e.field), ['trigger.everyMinutes', 'actions']);
    await panel.load();
    assert.equal(panel.snapshot().automations.length, before, 'nothing was created');
  });

  test('creates, edits, disables and re-enables an automation', async () => {
    const panel = await openPanel();
    await panel.receive({ type: 'save', requestId: 'create-1', draft: draft((d) => {
      d.name = 'Thank reviewers';
      d.trigger.kind = 'pr_merged';
      d.actions = [{ kind: 'post_message', text: 'Merged in {{channel}}, thanks!', emoji: '', agentId: '', prompt: '' }, { kind: 'add_reaction', text: '', emoji: '🎉', agentId: '', prompt: '' }];
    }) });
    const saved = last(panel.snapshot().posted, 'saved');
    assert.ok(saved && saved.type === 'saved' && saved.created, `created: ${JSON.stringify(last(panel.snapshot().posted, 'formErrors'))}`);
    const created = panel.snapshot().automations.find((a) => a.id === saved.automationId);
    assert.ok(created);
    assert.equal(created.actions.length, 2);
    assert.equal(created.trigger.kind, 'pr_merged');

    const view = last(panel.snapshot().posted, 'list');
    const editDraft = view && view.type === 'list' ? view.automations.find((a) => a.id === saved.automationId)?.draft : undefined;
    assert.ok(editDraft, 'the list carries the edit form of each automation');
    await panel.receive({ type: 'save', requestId: 'edit-1', draft: { ...editDraft, name: 'Thank the reviewers' } });
    assert.equal(panel.snapshot().automations.find((a) => a.id === saved.automationId)?.name, 'Thank the reviewers');

    await panel.receive({ type: 'toggle', automationId: saved.automationId, enabled: false });
    assert.equal(panel.snapshot().automations.find((a) => a.id === saved.automationId)?.enabled, false);
    await panel.receive({ type: 'toggle', automationId: saved.automationId, enabled: true });
    assert.equal(panel.snapshot().automations.find((a) => a.id === saved.automationId)?.enabled, true);
  });

  test("a new webhook's key is shown once, copyable, and gone after dismissing", async () => {
    const panel = await openPanel();
    await panel.receive({ type: 'save', requestId: 'hook-1', draft: draft((d) => {
      d.name = 'Deploy hook';
      d.trigger.kind = 'webhook';
      d.actions[0]!.text = 'Deploy requested from outside';
    }) });
    const shown = panel.snapshot().webhookKey;
    assert.ok(shown && shown.key.length > 10, 'the one-time key is held for display');
    assert.match(shown.path, /\/hooks\/automations\//);
    const message = last(panel.snapshot().posted, 'webhookKey');
    assert.ok(message && message.type === 'webhookKey' && message.name === 'Deploy hook');
    assert.ok(!JSON.stringify(panel.snapshot().posted).includes(shown.key), 'the key is not kept in the message log');
    await panel.receive({ type: 'copyWebhookKey' });
    assert.equal(await vscode.env.clipboard.readText(), shown.key, 'Copy puts the key on the clipboard');
    assert.ok(last(panel.snapshot().posted, 'notice')?.type === 'notice');
    await panel.receive({ type: 'dismissWebhookKey' });
    assert.equal(panel.snapshot().webhookKey, undefined, 'dismissed: the extension no longer holds the key');
    await panel.load();
    assert.ok(!JSON.stringify(panel.snapshot().automations).includes(shown.key), 'the list never carries the key');
    await vscode.env.clipboard.writeText('');
  });

  test('deletes only after the confirmation', async () => {
    const panel = await openPanel();
    const target = panel.snapshot().automations.find((a) => a.name === 'Deploy hook');
    assert.ok(target);
    let asked = '';
    api.automations.setConfirmDelete(async (name) => {
      asked = name;
      return false;
    });
    await panel.receive({ type: 'delete', automationId: target.id });
    assert.equal(asked, 'Deploy hook', 'the confirmation names the automation');
    assert.ok(panel.snapshot().automations.some((a) => a.id === target.id), 'declined: still there');
    api.automations.setConfirmDelete(async () => true);
    await panel.receive({ type: 'delete', automationId: target.id });
    assert.ok(!panel.snapshot().automations.some((a) => a.id === target.id), 'confirmed: deleted');
  });

  // Switching people closes the previous client, which waits for an open mention long-poll (up to 25 s).
  test('a member sees that only admins may change them, and the service refusal with its hint', async function () {
    this.timeout(75_000);
    api.automations.panelFor(FIXTURE.generalId)?.dispose();
    await vscode.commands.executeCommand('wsc.signIn', { token: MEMBER_TOKEN, serviceUrl: serviceUrl() });
    const panel = await openPanel();
    assert.equal(panel.snapshot().isAdmin, false);
    const list = last(panel.snapshot().posted, 'list');
    assert.ok(list && list.type === 'list' && /admin/i.test(list.adminReason), 'the reason is given');
    await panel.receive({ type: 'save', requestId: 'member-1', draft: draft((d) => {
      d.name = 'Not allowed';
      d.actions[0]!.text = 'hi';
    }) });
    const refused = last(panel.snapshot().posted, 'formErrors');
    assert.ok(refused && refused.type === 'formErrors' && refused.errors.length === 0);
    assert.ok(refused.message.length > 0 && refused.hint.length > 0, `the service message and hint are shown: ${refused.message} / ${refused.hint}`);
    panel.dispose();
  });
});
