// The run timeline in the real workbench: axe-core (WCAG 2.1 A/AA) with a kind filter pressed, in a
// light, a dark and a high-contrast theme; a lane header toggled from the keyboard keeps focus.
import * as assert from 'node:assert/strict';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { TimelinePanel } from '../../../extension/timeline/timeline-panel';
import { signedIn, waitFor } from './support';
import { ACTIVE_ELEMENT, axeViolations, describeViolations, inWebview, THEMES, resetTheme, until, useTheme } from './webview-driver';

const RUN_PARENT = 'b0000000-0000-4000-8000-000000000002'; // settled, with a child run
const TITLE = `Run ${RUN_PARENT}`;

async function openTimeline(): Promise<TimelinePanel> {
  const api = await signedIn();
  for (const p of api.timeline.panels()) p.dispose();
  const panel = await vscode.commands.executeCommand<TimelinePanel | undefined>('wsc.openRunTimeline', RUN_PARENT);
  assert.ok(panel);
  await waitFor('the rows', async () => (await inWebview(TITLE, [{ op: 'eval', expression: `document.querySelectorAll('.rows .item').length` }]))[0] as number > 0);
  return panel;
}

const GROUP_STATE = `(() => { const b = document.activeElement; return b && b.classList.contains('group-toggle') ? b.getAttribute('aria-expanded') : 'focus is on ' + (b ? b.tagName : 'nothing'); })()`;

suite('a11y timeline', () => {
  suiteTeardown(resetTheme);

  for (const theme of THEMES) {
    test(`axe finds nothing with a filter chip pressed (${theme})`, async () => {
      const panel = await openTimeline();
      await useTheme(theme, TITLE);
      await inWebview(TITLE, [{ op: 'eval', expression: `(() => { const c = [...document.querySelectorAll('.chip')].find((b) => !b.hidden); if (c.getAttribute('aria-pressed') !== 'true') c.click(); })()` }]);
      await waitFor('the chip pressed', async () => (await inWebview(TITLE, [{ op: 'eval', expression: `!!document.querySelector('.chip[aria-pressed=true]')` }]))[0] === true);
      const violations = await axeViolations(TITLE);
      assert.equal(violations.length, 0, describeViolations(violations));
      // Pressed differs from not pressed by more than colour: its border and mark.
      const [differs] = await inWebview(TITLE, [{ op: 'eval', expression: `(() => { const on = document.querySelector('.chip[aria-pressed=true]'); const off = document.querySelector('.chip[aria-pressed=false]:not([hidden])'); const a = getComputedStyle(on), b = getComputedStyle(off); return a.borderTopWidth !== b.borderTopWidth && getComputedStyle(on, '::before').content.includes('✓'); })()` }]);
      assert.equal(differs, true, 'the pressed chip has a thicker border and a check mark');
      await inWebview(TITLE, [{ op: 'eval', expression: `document.querySelector('.chip[aria-pressed=true]').click()` }]);
      panel.dispose();
    });
  }

  test('keyboard: a lane header is reached by Tab and toggled by Enter and Space, keeping focus', async () => {
    const panel = await openTimeline();
    await inWebview(TITLE, [{ op: 'eval', expression: `(() => { const l = document.querySelector('.layout'); if (!/Grouped/.test(l.textContent)) l.click(); })()` }]);
    await waitFor('a lane header', async () => (await inWebview(TITLE, [{ op: 'eval', expression: `!!document.querySelector('.group-toggle')` }]))[0] === true);
    const [, , reached] = await inWebview(TITLE, [{ op: 'focus', selector: '.viewport' }, { op: 'press', key: 'Tab' }, { op: 'eval', expression: GROUP_STATE }]);
    assert.equal(reached, 'true', 'Tab from the list lands on the first lane header, expanded');
    await inWebview(TITLE, [{ op: 'press', key: 'Enter' }]);
    await until(TITLE, GROUP_STATE, 'false', 'Enter collapses the lane and focus stays on its header');
    await inWebview(TITLE, [{ op: 'press', key: ' ' }]);
    await until(TITLE, GROUP_STATE, 'true', 'Space expands it again');
    const [outline] = await inWebview(TITLE, [{ op: 'eval', expression: `getComputedStyle(document.activeElement).outlineStyle` }]);
    assert.notEqual(outline, 'none', 'the focused header shows a focus ring');
    panel.dispose();
  });

  test('keyboard: a filter chip toggled by Enter keeps focus and reports aria-pressed', async () => {
    const panel = await openTimeline();
    const PRESSED = `document.activeElement.classList.contains('chip') && document.activeElement.getAttribute('aria-pressed')`;
    await inWebview(TITLE, [{ op: 'focus', selector: '.chip[aria-pressed=false]:not([hidden])' }, { op: 'press', key: 'Enter' }]);
    await until(TITLE, PRESSED, 'true', 'Enter presses the focused chip');
    await inWebview(TITLE, [{ op: 'press', key: 'Enter' }]);
    await until(TITLE, PRESSED, 'false', 'Enter releases it, focus still on it');
    const [active] = await inWebview(TITLE, [{ op: 'eval', expression: ACTIVE_ELEMENT }]);
    assert.match(String(active), /^button/);
    const [, outline] = await inWebview(TITLE, [{ op: 'focus', selector: '.viewport' }, { op: 'eval', expression: `getComputedStyle(document.querySelector('.viewport')).outlineStyle` }]);
    assert.notEqual(outline, 'none', 'the focused event list shows a focus ring');
    panel.dispose();
  });
});
