// Channel settings in the real workbench: axe-core (WCAG 2.1 A/AA) in a light, a dark and a
// high-contrast theme; the members' Copy buttons are named by what they copy.
import * as assert from 'node:assert/strict';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { SettingsPanel } from '../../../extension/channel-settings/settings-panel';
import { FIXTURE, signedIn, waitFor } from './support';
import { axeViolations, describeViolations, inWebview, resetTheme, THEMES, until, useTheme } from './webview-driver';

const TITLE = 'Settings of general';

async function openSettings(): Promise<SettingsPanel> {
  await signedIn();
  const panel = await vscode.commands.executeCommand<SettingsPanel | undefined>('wsc.channelSettings', { id: FIXTURE.generalId, name: 'general', kind: 'channel' });
  assert.ok(panel);
  await panel.whenLoaded();
  await waitFor('every section', () => Object.keys(panel.snapshot().sections).length + Object.keys(panel.snapshot().errors).length === 5);
  await until(TITLE, `document.body.textContent.includes('Loading…')`, false, 'every section drawn');
  return panel;
}

suite('a11y channel settings', () => {
  suiteTeardown(resetTheme);

  for (const theme of THEMES) {
    test(`axe finds nothing (${theme})`, async () => {
      const panel = await openSettings();
      await useTheme(theme, TITLE);
      const violations = await axeViolations(TITLE);
      assert.equal(violations.length, 0, describeViolations(violations));
      panel.dispose();
    });
  }

  test('each Copy button is named by the mention it copies', async () => {
    const panel = await openSettings();
    const [names] = await inWebview(TITLE, [{ op: 'eval', expression: `[...document.querySelectorAll('.mention button')].map((b) => b.getAttribute('aria-label') || b.textContent)` }]);
    const list = names as string[];
    assert.ok(list.length >= 2, 'several members');
    assert.equal(new Set(list).size, list.length, `distinct names: ${list.join(', ')}`);
    assert.ok(list.every((n) => /^Copy @\S+/.test(n)), list.join(', '));
    panel.dispose();
  });
});
