// tui.toml's [keys]: a line names an action and its new key or keys; the bindings take them at
// start, so the router's match, the help and the footer follow. Wrong lines are named and ignored.
import { afterEach, describe, expect, it } from 'vitest';
import { parseTuiConfig } from '../../../term/tui-config';
import { APP_KEYS, appKeyAction, footerHint } from '../../../tui/keys/app-keymap';
import { keyHelp, parseKeyName } from '../../../tui/keys/key-binding';
import { applyKeyRemaps, readKeyRemaps } from '../../../tui/keys/key-remap';
import { keySectionsFor } from '../../../tui/keys/help-sections';
import { TASKS_KEYS, tasksKeyAction } from '../../../tui/keys/tasks-key-map';
import { inkKey } from '../support/ink-key';

const remapsOf = (text: string) => readKeyRemaps(parseTuiConfig(text).keys);
const state = { focus: 'sidebar', view: { kind: 'welcome' } } as const;

afterEach(() => applyKeyRemaps([]));

describe('key names in tui.toml', () => {
  it('are read as the help writes them, case-insensitively for named keys', () => {
    expect(parseKeyName('ctrl+r')).toBe('Ctrl+R');
    expect(parseKeyName('enter')).toBe('Enter');
    expect(parseKeyName('PageDown')).toBe('PgDn');
    expect(parseKeyName('up')).toBe('↑');
    expect(parseKeyName('G')).toBe('G');
    expect(parseKeyName('ctrl+shift+x')).toBeNull();
    expect(parseKeyName('')).toBeNull();
  });

  it('a line takes one key or a list; dotted names reach a view\'s keymap', () => {
    const read = parseTuiConfig('[keys]\nrecent = "e"\ntasks.status = ["S", "ctrl+s"]  # mine\n');
    expect(read.problems).toEqual([]);
    expect(read.keys).toEqual([
      { line: 2, key: 'recent', values: ['e'] },
      { line: 3, key: 'tasks.status', values: ['S', 'ctrl+s'] },
    ]);
    const { remaps, problems } = readKeyRemaps(read.keys);
    expect(problems).toEqual([]);
    expect(remaps.map((r) => [r.name, r.keys, r.defaults])).toEqual([
      ['recent', ['e'], ['R']],
      ['tasks.status', ['S', 'Ctrl+S'], ['s']],
    ]);
  });

  it('names an unknown action, a key name that names no key, a fixed key and a keymap that takes typed text', () => {
    const { remaps, problems } = remapsOf('[keys]\nrecnet = "e"\ninbox = "ctrl+alt+i"\nhelp = "ctrl+c"\ncompose.send = "x"\n');
    expect(remaps).toEqual([]);
    expect(problems.map((p) => p.line)).toEqual([2, 3, 4, 5]);
    expect(problems[0]?.message).toMatch(/"recnet" is not an action that can be remapped; remove the line or use one of: focus-next, .*recent.*tasks\.status/);
    expect(problems[1]?.message).toContain('"ctrl+alt+i" (for inbox) is not a key name');
    expect(problems[2]?.message).toContain('Ctrl+C cannot be bound to help: Ctrl+C always quits');
    expect(problems[3]?.message).toContain("\"compose.send\" cannot be remapped: the compose box's keys edit typed text");
  });

  it('a key two actions of one keymap would share is a conflict: that line is ignored', () => {
    const { remaps, problems } = remapsOf('[keys]\nrecent = "m"\ntasks.note = "x"\ninbox = "x"\n');
    expect(problems).toEqual([{ line: 2, message: 'm would ask for both recent and mentions (the whole screen): the line is ignored. Bind recent to another key, or remap mentions too.' }]);
    // Another keymap's key is no conflict (Tasks' x and the whole screen's x).
    expect(remaps.map((r) => r.name)).toEqual(['tasks.note', 'inbox']);
    // Moving the other action away first frees its key.
    expect(remapsOf('[keys]\nmentions = "M"\nrecent = "m"\n').problems).toEqual([]);
  });
});

describe('a remap applied to the bindings', () => {
  it('the new key asks for the action, the old one no longer does; help and footer show the new key', () => {
    applyKeyRemaps(remapsOf('[keys]\nrecent = "e"\nhelp = ["h", "F"]\n').remaps);
    expect(appKeyAction('e', inkKey(), state)).toEqual({ kind: 'navigate', view: { kind: 'recent' } });
    expect(appKeyAction('R', inkKey(), state)).toBeNull();
    expect(appKeyAction('h', inkKey(), state)).toEqual({ kind: 'help' });
    const everywhere = keySectionsFor(undefined).find((s) => s.title === 'Everywhere')?.keys ?? [];
    expect(everywhere).toContainEqual({ keys: 'e', what: expect.stringContaining('recent:') });
    expect(footerHint(false)).toMatch(/^h help/);
    expect(appKeyAction('?', inkKey(), state)).toBeNull();
  });

  it("a key named in another binding's label follows there (G in Tasks' g  G), and a reset puts the defaults back", () => {
    applyKeyRemaps(remapsOf('[keys]\ntasks.last = "E"\nsidebar-page-up = "ctrl+u"\n').remaps);
    expect(keyHelp(TASKS_KEYS).find((h) => h.what.startsWith('first / last'))?.keys).toBe('g  E');
    expect(keyHelp(APP_KEYS).find((h) => h.what.startsWith('move a page'))?.keys).toBe('PgDn  Ctrl+U');
    expect(tasksKeyAction('E', inkKey(), { board: false, hasTask: true })).toEqual({ kind: 'move', by: Number.MAX_SAFE_INTEGER });
    applyKeyRemaps([]);
    expect(keyHelp(TASKS_KEYS).find((h) => h.what.startsWith('first / last'))?.keys).toBe('g  G');
    expect(tasksKeyAction('E', inkKey(), { board: false, hasTask: true })).toBeNull();
  });
});
