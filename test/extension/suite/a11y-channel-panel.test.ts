// The channel panel in the real workbench, checked the way a keyboard or screen-reader user meets
// it: axe-core (WCAG 2.1 A/AA) with a thread and the @-mention popup open, in a light, a dark and a
// high-contrast theme; and real key presses, checking where focus lands.
import * as assert from 'node:assert/strict';
import { suite, suiteTeardown, test } from 'mocha';
import { asOther, FIXTURE, signedIn, waitFor } from './support';
import { ACTIVE_ELEMENT, axeViolations, describeViolations, inWebview, THEMES, resetTheme, useTheme } from './webview-driver';

const TITLE = '#general';
const CLEAR_MAIN_COMPOSE = `(() => { const t = document.querySelector('textarea'); t.value = ''; t.dispatchEvent(new Event('input')); })()`;
const ACTIVE_IS_VISIBLE = `getComputedStyle(document.activeElement.closest('.actions') || document.activeElement).opacity`;

suite('a11y channel panel', () => {
  suiteTeardown(resetTheme);

  for (const theme of THEMES) {
    test(`axe finds nothing with a thread and the mention popup open (${theme})`, async () => {
      const api = await signedIn();
      const root = await asOther<{ id: string }>(FIXTURE.adminToken, 'POST', `/api/v1/channels/${FIXTURE.generalId}/messages`, { body: `Thread root with a link https://example.com/docs and @${FIXTURE.ownerHandle} ${Date.now()}` });
      await asOther(FIXTURE.adminToken, 'POST', `/api/v1/channels/${FIXTURE.generalId}/messages`, { body: 'A reply in the thread', parent_id: root.id });
      const panel = await api.panels.open({ channelId: FIXTURE.generalId });
      assert.ok(panel);
      await waitFor('the first page', () => panel.snapshot().shown ?? undefined);
      await useTheme(theme, TITLE);
      // Open the thread, then type "@" in the thread's compose box to open the mention popup.
      await inWebview(TITLE, [{ op: 'eval', expression: `(() => { const b = [...document.querySelectorAll('button')].find((x) => /repl/i.test(x.textContent || '')); b && b.click(); return !!b; })()` }]);
      await inWebview(TITLE, [{ op: 'eval', expression: CLEAR_MAIN_COMPOSE }, { op: 'focus', selector: 'textarea' }, { op: 'type', text: '@' }]);
      const open = await inWebview(TITLE, [{ op: 'eval', expression: `!!document.querySelector('[role=listbox] [role=option]')` }]);
      assert.equal(open[0], true, 'the mention popup is open');
      const violations = await axeViolations(TITLE);
      assert.equal(violations.length, 0, describeViolations(violations));
      panel.dispose();
    });
  }

  test('keyboard: a message\'s actions are reached by Shift+Tab from its replies, shown when focused', async () => {
    const api = await signedIn();
    const root = await asOther<{ id: string }>(FIXTURE.adminToken, 'POST', `/api/v1/channels/${FIXTURE.generalId}/messages`, { body: `Actions by keyboard ${Date.now()}` });
    await asOther(FIXTURE.adminToken, 'POST', `/api/v1/channels/${FIXTURE.generalId}/messages`, { body: 'reply', parent_id: root.id });
    const panel = await api.panels.open({ channelId: FIXTURE.generalId });
    assert.ok(panel);
    await waitFor('the first page', () => panel.snapshot().shown ?? undefined);
    const selector = `article[data-id="${root.id}"] .replies`;
    await waitFor('the root with its replies', async () => (await inWebview(TITLE, [{ op: 'eval', expression: `!!document.querySelector(${JSON.stringify(selector)})` }]))[0] === true);
    const [, , active, opacity] = await inWebview(TITLE, [{ op: 'focus', selector }, { op: 'press', key: 'Shift+Tab' }, { op: 'eval', expression: ACTIVE_ELEMENT }, { op: 'eval', expression: ACTIVE_IS_VISIBLE }]);
    assert.equal(active, 'button[Copy link]');
    assert.equal(opacity, '1', 'the focused action is shown');
    const [, , before] = await inWebview(TITLE, [{ op: 'press', key: 'Shift+Tab' }, { op: 'eval', expression: ACTIVE_ELEMENT }, { op: 'eval', expression: ACTIVE_ELEMENT }]);
    assert.equal(before, 'button[Reply in thread]');
    panel.dispose();
  });

  test('keyboard: focus stays in the compose box after Enter and after Send', async () => {
    const api = await signedIn();
    const panel = await api.panels.open({ channelId: FIXTURE.generalId });
    assert.ok(panel);
    await waitFor('the first page', () => panel.snapshot().shown ?? undefined);
    const emptied = async () => (await inWebview(TITLE, [{ op: 'eval', expression: `document.querySelector('textarea').value === ''` }]))[0] === true;
    await inWebview(TITLE, [{ op: 'eval', expression: CLEAR_MAIN_COMPOSE }, { op: 'focus', selector: 'textarea' }, { op: 'type', text: `sent with Enter ${Date.now()}` }, { op: 'press', key: 'Enter' }]);
    await waitFor('the post to go out', emptied);
    assert.equal((await inWebview(TITLE, [{ op: 'eval', expression: ACTIVE_ELEMENT }]))[0], 'textarea[Message]');
    await inWebview(TITLE, [{ op: 'focus', selector: 'textarea' }, { op: 'type', text: `sent with the button ${Date.now()}` }, { op: 'press', key: 'Tab' }, { op: 'press', key: 'Enter' }]);
    await waitFor('the post to go out', emptied);
    assert.equal((await inWebview(TITLE, [{ op: 'eval', expression: ACTIVE_ELEMENT }]))[0], 'textarea[Message]');
    panel.dispose();
  });

  test('keyboard: the mention list is announced and followed by aria-activedescendant', async () => {
    const api = await signedIn();
    const panel = await api.panels.open({ channelId: FIXTURE.generalId });
    assert.ok(panel);
    await waitFor('the first page', () => panel.snapshot().shown ?? undefined);
    const state = `(() => { const t = document.querySelector('textarea'); const id = t.getAttribute('aria-activedescendant'); const o = id && document.getElementById(id); return { controls: t.getAttribute('aria-controls'), selected: o ? o.getAttribute('aria-selected') + ' ' + o.textContent : null, live: document.querySelector('.compose [role=status]').textContent }; })()`;
    const [, , , first, , second] = await inWebview(TITLE, [{ op: 'eval', expression: CLEAR_MAIN_COMPOSE }, { op: 'focus', selector: 'textarea' }, { op: 'type', text: '@' }, { op: 'eval', expression: state }, { op: 'press', key: 'ArrowDown' }, { op: 'eval', expression: state }]);
    const a = first as { controls: string; selected: string; live: string };
    const b = second as { controls: string; selected: string; live: string };
    assert.ok(a.controls, 'the textarea controls the list');
    assert.match(a.selected, /^true /);
    assert.match(a.live, /to mention/);
    assert.notEqual(b.selected, a.selected, 'ArrowDown moves the active option');
    assert.equal((await inWebview(TITLE, [{ op: 'eval', expression: ACTIVE_ELEMENT }]))[0], 'textarea[Message]');
    await inWebview(TITLE, [{ op: 'press', key: 'Escape' }, { op: 'eval', expression: CLEAR_MAIN_COMPOSE }]);
    panel.dispose();
  });
});
