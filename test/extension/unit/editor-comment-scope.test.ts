// Where a code file's comments and strings are (extension/editor/comment-scope.ts), what
// completion offers in order (completion-entries.ts) and what a card escapes (reference-cards.ts).
import { describe, expect, it } from 'vitest';
import { isProse, scopeAt, scopeRanges } from '../../../extension/editor/comment-scope';
import { personEntries, taskEntries } from '../../../extension/editor/completion-entries';
import { escapeMarkdown, lastNote, messageCardMarkdown } from '../../../extension/editor/reference-cards';
import type { Member, TaskRow } from '../../../shared';

const at = (text: string, languageId: string, needle: string) => scopeAt(scopeRanges(text, languageId), text.indexOf(needle));

describe('comment scope', () => {
  it('C-like: line and block comments, strings; not code', () => {
    const text = 'const a = T-1; // see T-2\n/* T-3\n T-4 */ const s = "T-5"; const t = `x\nT-6`;';
    expect(at(text, 'typescript', 'T-1')).toBeNull();
    expect(at(text, 'typescript', 'T-2')).toBe('comment');
    expect(at(text, 'typescript', 'T-4')).toBe('comment');
    expect(at(text, 'typescript', 'T-5')).toBe('string');
    expect(at(text, 'typescript', 'T-6')).toBe('string');
  });

  it('a comment marker inside a string is not a comment', () => {
    expect(at('url = "http://x" + T-1', 'typescript', 'T-1')).toBeNull();
    expect(at("s = 'a # b' # T-1", 'python', 'T-1')).toBe('comment');
    expect(at("s = 'a # T-1'", 'python', 'T-1')).toBe('string');
  });

  it('other families: --, <!-- -->, ;', () => {
    expect(at('select 1 -- T-1', 'sql', 'T-1')).toBe('comment');
    expect(at('<p>T-0</p><!-- T-1 -->', 'html', 'T-1')).toBe('comment');
    expect(at('<p>T-0</p><!-- T-1 -->', 'html', 'T-0')).toBeNull();
    expect(at('(def x 1) ; T-1', 'clojure', 'T-1')).toBe('comment');
  });

  it('the cursor right after a line comment counts as in it', () => {
    const text = '// T-';
    expect(scopeAt(scopeRanges(text, 'typescript'), text.length)).toBe('comment');
  });

  it('prose: Markdown, plain text, the commit box and workspace docs', () => {
    expect(isProse('markdown')).toBe(true);
    expect(isProse('scminput')).toBe(true);
    expect(isProse('typescript', 'wsc-doc')).toBe(true);
    expect(isProse('typescript', 'file')).toBe(false);
  });
});

const row = (n: number, title: string, status: TaskRow['status'], updated: string): TaskRow =>
  ({ id: `id-${n}`, number: n, ref: `T-${n}`, title, status, updated_at: updated }) as TaskRow;

describe('completion entries', () => {
  const tasks = { mine: [row(7, 'Offline banner', 'doing', '2026-11-20')], recent: [row(12, 'Search ranking', 'todo', '2026-11-21'), row(71, 'Old search', 'done', '2026-11-01')] };

  it('mine first, then recent; status and title beside; filtered by number or title', () => {
    expect(taskEntries(tasks, '').map((e) => [e.label, e.description, e.detail])).toEqual([
      ['T-7', 'Offline banner', 'doing · yours'],
      ['T-12', 'Search ranking', 'todo'],
      ['T-71', 'Old search', 'done'],
    ]);
    expect(taskEntries(tasks, '7').map((e) => e.label)).toEqual(['T-7', 'T-71']);
    expect(taskEntries(tasks, 'search').map((e) => e.label)).toEqual(['T-12', 'T-71']);
    expect(taskEntries(tasks, 'test')).toEqual([]);
    expect(taskEntries(tasks, '12', '#12')[0]?.filterText.startsWith('#12 ')).toBe(true);
  });

  it('people by handle or name, agents marked', () => {
    const people = [
      { id: '1', kind: 'person', name: 'Maria Member', handle: 'maria', mention: '@maria' },
      { id: '2', kind: 'agent', name: 'Helper', handle: 'helper', mention: '@helper' },
    ] as Member[];
    expect(personEntries(people, 'ma').map((e) => e.label)).toEqual(['@maria']);
    expect(personEntries(people, 'help').map((e) => [e.label, e.detail])).toEqual([['@helper', 'agent']]);
  });
});

describe('cards', () => {
  it('escape what the service says, so it cannot add links or commands', () => {
    expect(escapeMarkdown('[x](command:evil)')).toBe('\\[x\\]\\(command:evil\\)');
    const md = messageCardMarkdown({ url: 'https://x/w/1/c/2/m/3', author: 'Eve', authorKind: 'person', channelId: '2', channelName: 'general', body: '[click](command:wsc.signOut)', createdAt: '2026-11-20T10:00:00Z' });
    expect(md).not.toContain('](command:wsc.signOut)');
  });

  it('the last note is the last dated line', () => {
    expect(lastNote('Intro\n- 2026-11-01: first\n- 2026-11-02: second\nmore')).toBe('2026-11-02: second');
    expect(lastNote('no notes')).toBeNull();
  });
});
