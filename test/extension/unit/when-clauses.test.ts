// The manifest's item menus against the context values the trees set (extension/context-values.ts):
// a `viewItem` clause that matches nothing hides its command for good, one that matches too much
// shows it where it cannot work.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTEXT_VALUES_BY_VIEW, channelContextValue } from '../../../extension/context-values';

interface MenuEntry {
  command: string;
  when?: string;
  group?: string;
}
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { contributes: { menus: Record<string, MenuEntry[]> } };
const itemMenus = manifest.contributes.menus['view/item/context'] ?? [];

/** The view and the viewItem test of one clause (`view == X && viewItem == v` or `=~ /re/`). */
function parseClause(when: string): { view: string | null; matches: (value: string) => boolean } | null {
  const view = /view == ([\w.]+)/.exec(when)?.[1] ?? null;
  const equal = /viewItem == ([\w:]+)/.exec(when);
  if (equal) return { view, matches: (value) => value === equal[1] };
  const regex = /viewItem =~ \/(.+?)\/(\w*)/.exec(when);
  if (regex) {
    const re = new RegExp(regex[1] as string, regex[2]);
    return { view, matches: (value) => re.test(value) };
  }
  return null;
}

/** The commands whose item menu entries show for `value` in `view`. */
function commandsFor(view: string, value: string): string[] {
  return itemMenus
    .filter((entry) => {
      const clause = entry.when ? parseClause(entry.when) : null;
      return clause !== null && clause.view === view && clause.matches(value);
    })
    .map((entry) => entry.command);
}

describe('item menus match the context values the trees set', () => {
  it('every viewItem clause names a view with known context values and matches at least one of them', () => {
    const dead: string[] = [];
    for (const entry of itemMenus) {
      if (!entry.when?.includes('viewItem')) continue;
      const clause = parseClause(entry.when);
      expect(clause, entry.when).not.toBeNull();
      const values = clause?.view ? CONTEXT_VALUES_BY_VIEW[clause.view] : undefined;
      expect(values, `${entry.command}: ${entry.when} names no tree view with context values`).toBeDefined();
      if (!values?.some((v) => clause?.matches(v))) dead.push(`${entry.command} (${entry.when})`);
    }
    expect(dead).toEqual([]);
  });

  it('Mute and Unmute show on joined channels and on channels not joined, by their state', () => {
    const joined = channelContextValue({ isMember: true, muted: false });
    expect(commandsFor('wsc.channels', joined)).toContain('wsc.channels.mute');
    expect(commandsFor('wsc.channels', joined)).not.toContain('wsc.channels.unmute');
    expect(commandsFor('wsc.channels', joined)).not.toContain('wsc.channels.join');
    expect(commandsFor('wsc.channels', channelContextValue({ isMember: true, muted: true }))).toContain('wsc.channels.unmute');
    expect(commandsFor('wsc.channels', channelContextValue({ isMember: false, muted: false }))).toEqual(expect.arrayContaining(['wsc.channels.mute', 'wsc.channels.join']));
  });

  it('section headings, task groups and doc folders get no commands meant for one item', () => {
    expect(commandsFor('wsc.channels', 'heading')).toEqual([]);
    expect(commandsFor('wsc.tasks', 'taskGroup')).toEqual([]);
    expect(commandsFor('wsc.tasks', 'taskGroup:epic')).toEqual([]);
    expect(commandsFor('wsc.docs', 'docFolder')).not.toContain('wsc.docs.preview');
    expect(commandsFor('wsc.docs', 'docFolder')).not.toContain('wsc.docs.open');
  });

  it('a task with a pull request offers opening and unlinking it; one without does not', () => {
    expect(commandsFor('wsc.tasks', 'task:pr')).toEqual(expect.arrayContaining(['wsc.tasks.openPr', 'wsc.unlinkPullRequest', 'wsc.tasks.setStatus']));
    expect(commandsFor('wsc.tasks', 'task')).not.toContain('wsc.tasks.openPr');
    expect(commandsFor('wsc.tasks', 'task')).not.toContain('wsc.unlinkPullRequest');
  });
});
