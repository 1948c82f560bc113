// The automations panel in the real workbench: axe-core (WCAG 2.1 A/AA) with a disabled automation
// listed and a form showing validation errors, in a light, a dark and a high-contrast theme; keyboard
// use of the form and the Enable/Disable toggle, checking where focus lands.
import * as assert from 'node:assert/strict';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import { emptyDraft } from '../../../extension/automations/automation-form';
import type { AutomationsPanel } from '../../../extension/automations/automations-panel';
import { FIXTURE, signedIn, waitFor } from './support';
import { ACTIVE_ELEMENT, axeViolations, describeViolations, inWebview, THEMES, resetTheme, until, useTheme } from './webview-driver';

const TITLE = 'Automations of general';
const DISABLED_NAME = 'Checked while off';

async function openWithDisabled(): Promise<{ panel: AutomationsPanel; id: string }> {
  await signedIn();
  const panel = await vscode.commands.executeCommand<AutomationsPanel | undefined>('wsc.manageAutomations', FIXTURE.generalId);
  assert.ok(panel);
  await waitFor('the list', () => panel.snapshot().isAdmin !== undefined);
  if (!panel.snapshot().automations.some((a) => a.name === DISABLED_NAME)) {
    const draft = emptyDraft();
    draft.name = DISABLED_NAME;
    draft.enabled = false;
    draft.trigger.kind = 'message';
    draft.actions = [{ kind: 'post_message', text: 'seen', emoji: '', agentId: '', prompt: '' }];
    await panel.receive({ type: 'save', requestId: `off-${Date.now()}`, draft });
  }
  const off = await waitFor('the disabled automation', () => panel.snapshot().automations.find((a) => a.name === DISABLED_NAME && !a.enabled));
  await until(TITLE, `!!document.querySelector('.card.disabled')`, true, 'the disabled card is drawn');
  return { panel, id: off.id };
}

const active = async () => (await inWebview(TITLE, [{ op: 'eval', expression: ACTIVE_ELEMENT }]))[0];
const NEW_FORM = `(() => { const b = [...document.querySelectorAll('.toolbar button')].find((x) => x.textContent === 'New automation'); b.click(); })()`;

suite('a11y automations', () => {
  suiteTeardown(resetTheme);

  for (const theme of THEMES) {
    test(`axe finds nothing with a disabled automation and a form with errors (${theme})`, async () => {
      const { panel } = await openWithDisabled();
      await useTheme(theme, TITLE);
      await inWebview(TITLE, [{ op: 'eval', expression: NEW_FORM }]);
      await inWebview(TITLE, [{ op: 'focus', selector: '[data-focus-key=save]' }, { op: 'press', key: 'Enter' }]);
      await until(TITLE, `!!document.querySelector('[aria-invalid=true]')`, true, 'the form shows its errors');
      const violations = await axeViolations(TITLE);
      assert.equal(violations.length, 0, describeViolations(violations));
      panel.dispose();
    });
  }

  test('keyboard: focus stays put after the Trigger select, Add step, Remove step and Save', async () => {
    const { panel } = await openWithDisabled();
    await inWebview(TITLE, [{ op: 'eval', expression: NEW_FORM }]);
    await inWebview(TITLE, [{ op: 'focus', selector: '[data-focus-key="field:trigger.kind"]' }, { op: 'press', key: 'ArrowDown' }]);
    assert.equal(await active(), 'select{field:trigger.kind}', 'ArrowDown on Trigger');
    await inWebview(TITLE, [{ op: 'focus', selector: '[data-focus-key=add-step]' }, { op: 'press', key: 'Enter' }]);
    assert.equal(await active(), 'select{field:actions.1.kind}', 'Add step lands on the new step');
    await inWebview(TITLE, [{ op: 'focus', selector: '[data-focus-key="remove:1"]' }, { op: 'press', key: 'Enter' }]);
    assert.equal(await active(), 'select{field:actions.0.kind}', 'Remove step lands on the step before');
    await inWebview(TITLE, [{ op: 'focus', selector: '[data-focus-key=save]' }, { op: 'press', key: 'Enter' }]);
    await until(TITLE, `document.activeElement.dataset.focusKey`, 'field:name', 'Save with an empty name lands on the name');
    const [described] = await inWebview(TITLE, [{ op: 'eval', expression: `(() => { const e = document.activeElement; const d = document.getElementById(e.getAttribute('aria-describedby')); return e.getAttribute('aria-invalid') + ' ' + (d ? d.textContent : '') + ' | ' + (document.querySelector('[role=alert]') || {}).textContent; })()` }]);
    assert.match(String(described), /^true \S/, `the name is invalid and described by its error: ${described}`);
    assert.match(String(described), /\| \S/, 'the form message is in an alert');
    panel.dispose();
  });

  test('keyboard: Enable and Disable keep focus on the toggle', async () => {
    const { panel, id } = await openWithDisabled();
    const toggle = `[data-focus-key="toggle:${id}"]`;
    await inWebview(TITLE, [{ op: 'focus', selector: toggle }, { op: 'press', key: 'Enter' }]);
    await until(TITLE, `document.activeElement.matches(${JSON.stringify(toggle)}) && document.activeElement.textContent`, 'Disable', 'after Enable');
    await inWebview(TITLE, [{ op: 'press', key: 'Enter' }]);
    await until(TITLE, `document.activeElement.matches(${JSON.stringify(toggle)}) && document.activeElement.textContent`, 'Enable', 'after Disable');
    panel.dispose();
  });
});
