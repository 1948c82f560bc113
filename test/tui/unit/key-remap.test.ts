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
import { conversationKeyAction } from '../../../tui/keys/conversation-key-map';
import { docsKeyAction } from '../../../tui/keys/doc-key-map';
import { inboxKeyAction } from '../../../tui/keys/inbox-key-map';
import { listKeyAction } from '../../../tui/keys/list-key-map';
import { detailsKeyHelp, RUN_KEYS, runEventKeyAction, runKeyAction } from '../../../tui/keys/run-key-map';

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

describe("the views' keymaps made of bindings", () => {
  it('take conversation., docs., run., inbox. and list. names, as the help names the actions', () => {
    const { remaps, problems } = remapsOf('[keys]\nconversation.copy-link = "Y"\ndocs.search = "/"\nrun.follow = "F"\ninbox.done = "x"\nlist.open = ["Enter", "o"]\n');
    expect(problems).toEqual([]);
    expect(remaps.map((r) => [r.name, r.keys, r.defaults])).toEqual([
      ['conversation.copy-link', ['Y'], ['y']],
      ['docs.search', ['/'], ['f']],
      ['run.follow', ['F'], ['G', 'f']],
      ['inbox.done', ['x'], ['d']],
      ['list.open', ['Enter', 'o'], ['Enter']],
    ]);
    applyKeyRemaps(remaps);
    const conversation = { at: 1, count: 3, hasOlder: false, hasNewer: false, inChannel: true };
    expect(conversationKeyAction('Y', inkKey(), conversation)).toEqual({ kind: 'copy-link' });
    expect(conversationKeyAction('y', inkKey(), conversation)).toBeNull();
    expect(docsKeyAction('/', inkKey(), { hasItem: true })).toEqual({ kind: 'search' });
    expect(runKeyAction('F', inkKey(), { selected: 0, count: 2 })).toEqual({ kind: 'follow' });
    expect(runKeyAction('G', inkKey(), { selected: 0, count: 2 })).toBeNull();
    expect(inboxKeyAction('x', inkKey())).toEqual({ kind: 'done' });
    expect(inboxKeyAction('d', inkKey())).toBeNull();
    expect(listKeyAction('o', inkKey())).toEqual({ kind: 'open' });
    // The help follows: the view's own section, and the "or" of a key left out goes with it.
    const inbox = keySectionsFor('inbox')[0]?.keys ?? [];
    expect(inbox).toContainEqual({ keys: 'x', what: expect.stringContaining('mark done') });
    expect(keyHelp(RUN_KEYS).find((h) => h.what.startsWith('follow'))?.keys).toBe('F');
  });

  it('names the actions whose keys carry a meaning of their own, and the typed-text and scrolling keymaps, as fixed', () => {
    const { remaps, problems } = remapsOf('[keys]\ninbox.filter = "x"\ndocs.page = "x"\nscroll.page-down = "x"\nform.submit = "x"\n');
    expect(remaps).toEqual([]);
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringContaining('"inbox.filter" cannot be remapped: 1–5 pick a source'),
      expect.stringContaining('"docs.page" cannot be remapped'),
      expect.stringContaining('"scroll.page-down" cannot be remapped'),
      expect.stringContaining('"form.submit" cannot be remapped'),
    ]);
    expect(remapsOf('[keys]\nnope = "x"\n').problems[0]?.message).toMatch(/conversation\.copy-link.*docs\.search.*run\.follow.*inbox\.done.*list\.open/);
    expect(remapsOf('[keys]\nnope = "x"\n').problems[0]?.message).not.toContain('inbox.filter');
  });

  it("a conflict is checked in the keymap and against the keys its view also answers (a Docs folder: a list's j/k; a doc: the scrolling keys), both ways", () => {
    expect(remapsOf('[keys]\nconversation.copy-link = "o"\n').problems).toEqual([
      { line: 2, message: 'o would ask for both conversation.copy-link and conversation.open-run (Messages and threads): the line is ignored. Bind conversation.copy-link to another key, or remap conversation.open-run too.' },
    ]);
    const onList = remapsOf('[keys]\ndocs.search = "j"\n');
    expect(onList.remaps).toEqual([]);
    expect(onList.problems[0]?.message).toBe(
      'j would ask for both docs.search and list.down (every list (Mentions, Search, Recent, a Docs folder); Docs and it answer keys together): the line is ignored. Bind docs.search to another key, or remap list.down too.',
    );
    // A key of an action that stays as it is: no advice to remap that one.
    expect(remapsOf('[keys]\ndocs.edit = "Space"\n').problems[0]?.message).toBe('Space would ask for both docs.edit and docs.page (Docs): the line is ignored. Bind docs.edit to another key.');
    // The other way: a list key onto a Docs key.
    expect(remapsOf('[keys]\nlist.down = "f"\n').problems[0]?.message).toMatch(/^f would ask for both list\.down and docs\.search \(Docs; /);
    // Keys shared by default stay shared (Docs' Enter and a list's Enter), and another view's key is free (Docs' e, the Inbox's d).
    expect(remapsOf('[keys]\ndocs.open = ["Enter", "o"]\ninbox.done = "e"\nrun.reply-step = "d"\n').problems).toEqual([]);
  });

  it('the help says "every list" for the sidebar\'s ↓/↑ only while the lists keep those keys', () => {
    const everywhere = () => keySectionsFor(undefined).find((s) => s.title === 'Everywhere')?.keys ?? [];
    expect(everywhere()).toContainEqual({ keys: '↓  j', what: 'move the selection down (every list)' });
    applyKeyRemaps(remapsOf('[keys]\nlist.down = ["↓", "n"]\n').remaps);
    expect(everywhere()).toContainEqual({ keys: '↓  j', what: 'move the selection down (the sidebar; a list: ↓  n)' });
    expect(everywhere()).toContainEqual({ keys: '↑  k', what: 'move the selection up (every list)' });
    applyKeyRemaps([]);
  });

  it("remaps the details' r (a task's or a run event's), checked against the scrolling keys they answer too", () => {
    const { remaps, problems } = remapsOf('[keys]\ndetails.reply-step = "R"\n');
    expect(problems).toEqual([]);
    applyKeyRemaps(remaps);
    expect(runEventKeyAction('R', inkKey(), { hasChildRun: false })).toEqual({ kind: 'reply-step' });
    expect(runEventKeyAction('r', inkKey(), { hasChildRun: false })).toBeNull();
    expect(detailsKeyHelp().find((h) => h.what.startsWith('a task: read it again'))?.keys).toBe('R');
    applyKeyRemaps([]);
    expect(remapsOf('[keys]\ndetails.reply-step = "j"\n').problems[0]?.message).toMatch(/^j would ask for both details\.reply-step and scroll\.line-down/);
  });
});
