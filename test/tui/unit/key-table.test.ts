// The keys are written once, in the keymaps' bindings: the README's key table, the help's
// "Everywhere" and Tasks sections and the footer hint are made from them and say what the keys do.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_KEYS, appKeyAction, footerHint } from '../../../tui/keys/app-keymap';
import { boundAction, isKeyName, keyHelp, keyMatches } from '../../../tui/keys/key-binding';
import { KEY_TABLE_END, KEY_TABLE_START, readmeKeyTable, withKeyTable } from '../../../tui/keys/key-table';
import { keySections } from '../../../tui/keys/help-sections';
import { TASKS_KEYS, tasksKeyAction } from '../../../tui/keys/tasks-key-map';
import { inkKey } from '../support/ink-key';

const README = new URL('../../../README.md', import.meta.url);

describe('the key table in README.md', () => {
  it('is the one the keymaps make (node scripts/key-table.mjs writes it)', () => {
    const readme = readFileSync(README, 'utf8');
    expect(readme).toContain(KEY_TABLE_START);
    expect(readme).toContain(KEY_TABLE_END);
    expect(withKeyTable(readme), 'README.md\'s key table differs from the keymaps: run node scripts/key-table.mjs').toBe(readme);
  });

  it('lists each key the README names with its help text, from the bindings', () => {
    const table = readmeKeyTable();
    for (const b of APP_KEYS.filter((k) => k.readme === true)) expect(table).toContain(`| ${b.help ?? ''} |`);
    expect(table).toContain('| `q` Ctrl+C | quit');
  });
});

describe('bindings', () => {
  it('name only keys the matcher knows, and no key twice in one keymap', () => {
    for (const bindings of [APP_KEYS, TASKS_KEYS]) {
      for (const b of bindings) for (const k of b.keys) expect(isKeyName(k), k).toBe(true);
    }
    const appKeys = APP_KEYS.flatMap((b) => b.keys);
    expect(new Set(appKeys).size).toBe(appKeys.length);
  });

  it('a letter never matches with Ctrl held: Ctrl+R in a view is the whole screen\'s retry, not its r', () => {
    expect(keyMatches('r', 'r', inkKey({ ctrl: true }))).toBe(false);
    expect(keyMatches('Ctrl+R', 'r', inkKey({ ctrl: true }))).toBe(true);
    expect(tasksKeyAction('r', inkKey({ ctrl: true }), { board: false, hasTask: true })).toBeNull();
    expect(tasksKeyAction('r', inkKey(), { board: false, hasTask: true })).toEqual({ kind: 'reload' });
    expect(boundAction(APP_KEYS, 'r', inkKey({ ctrl: true }))).toBe('retry');
  });

  it('every key the help lists for the whole screen does what the keymap says', () => {
    const sidebar = { focus: 'sidebar' as const, view: { kind: 'welcome' as const } };
    for (const b of APP_KEYS) {
      const [first] = b.keys;
      if (first === undefined) continue;
      const input = [...first].length === 1 ? first : first.startsWith('Ctrl+') ? first.slice(5).toLowerCase() : '';
      const key = inkKey({
        return: first === 'Enter', escape: first === 'Esc', tab: first.endsWith('Tab'), shift: first === 'Shift+Tab',
        upArrow: first === '↑', downArrow: first === '↓', rightArrow: first === '→', pageUp: first === 'PgUp', pageDown: first === 'PgDn', ctrl: first.startsWith('Ctrl+'),
      });
      expect(boundAction(APP_KEYS, input, key), first).toBe(b.action);
      // From the sidebar every whole-screen key acts, except Esc (nothing to go back from there).
      if (b.action !== 'back') expect(appKeyAction(input, key, sidebar), first).not.toBeNull();
    }
  });

  it('the help sections for the whole screen and Tasks are the bindings\' help', () => {
    expect(keySections().find((s) => s.title === 'Everywhere')?.keys).toEqual(keyHelp(APP_KEYS));
    expect(keySections().find((s) => s.title === 'Tasks')?.keys).toEqual(keyHelp(TASKS_KEYS));
  });

  it('the footer hint is made from the bindings\' keys and hints', () => {
    expect(footerHint(false)).toBe('? help · / search · : palette · Tab panes · z zoom · q quit');
    expect(footerHint(true)).toContain('z sidebar');
  });
});
