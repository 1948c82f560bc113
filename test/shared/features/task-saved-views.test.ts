// Saved task views (shared/tasks/saved-views.ts): each entry of the setting checked on its own (a
// wrong one says what is wrong and how to fix it), and a view's tasks read from the local service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSavedTaskView, parseSavedTaskViews, type SavedTaskView } from '../../../shared/tasks/saved-views';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { clientFor, OWNER_TOKEN } from '../support/clients';

describe('parseSavedTaskViews', () => {
  it('keeps good entries and says what is wrong with each bad one, by position', () => {
    const entries = parseSavedTaskViews([
      { label: ' Bugs ', labels: 'bug', epic: 't-1', assignee: '@maria', status: 'todo', text: 'login' },
      { label: 'Open', status: 'open' },
      { status: 'todo' },
      'Bugs',
      { label: 'Typo', lable: 'x' },
      { label: 'Labels', labels: [1] },
      { label: 'Empty', assignee: ' ' },
    ]);
    expect(entries[0]).toEqual({ kind: 'view', index: 0, view: { label: 'Bugs', labels: ['bug'], epic: 'T-1', assignee: '@maria', status: 'todo', text: 'login' } });
    expect(entries.slice(1).map((e) => (e.kind === 'invalid' ? [e.index, e.label, e.problem, e.fix] : e.kind))).toEqual([
      [1, 'Open', '"status" "open" is not a task status.', 'Use one of backlog, todo, doing, in_review, done, canceled, or leave it out.'],
      [2, undefined, 'View 3 has no label.', 'Give it a "label": the name its section shows.'],
      [3, undefined, 'View 4 is not an object.', 'Write it as { "label": "My bugs", "assignee": "me", "labels": ["bug"] }.'],
      [4, 'Typo', '"lable" is not a field of a saved view.', 'Use only label, status, assignee, epic, labels, text.'],
      [5, 'Labels', '"labels" is not a list of task labels.', 'Write it as ["bug"] or ["bug", "search"] (a task shows when it has every one).'],
      [6, 'Empty', '"assignee" is not a non-empty text.', 'Write "assignee" as text, or leave it out.'],
    ]);
  });

  it('reads no setting as no views, and a setting that is not a list as one wrong entry', () => {
    expect(parseSavedTaskViews(undefined)).toEqual([]);
    expect(parseSavedTaskViews({ label: 'x' })).toMatchObject([{ kind: 'invalid', problem: 'The saved views setting is not a list.' }]);
  });
});

describe('loadSavedTaskView against the local service', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startEmulator();
  });
  afterAll(async () => {
    await emu.stop();
  });
  const titles = async (view: Omit<SavedTaskView, 'labels'> & { labels?: string[] }) => {
    const result = await loadSavedTaskView(clientFor(emu.url, OWNER_TOKEN), { labels: [], ...view });
    return result.kind === 'tasks' ? result.whole.tasks.map((t) => t.title) : result;
  };

  it('filters by labels, assignee handle, status, epic T-ref and text', async () => {
    expect(await titles({ label: 'b', labels: ['BUG'] })).toEqual(['Fix search ranking']);
    expect(await titles({ label: 'm', assignee: '@maria', status: 'in_review' })).toEqual(['Fix search ranking']);
    expect(await titles({ label: 'm', assignee: 'maria', status: 'todo' })).toEqual([]);
    expect(await titles({ label: 'e', epic: 'T-1' })).toEqual(['Fix search ranking']);
    expect(await titles({ label: 't', text: 'deploy docs' })).toEqual(['Write deploy docs']);
  });

  it('says who or what could not be found, and how to fix it', async () => {
    expect(await titles({ label: 'n', assignee: '@nobody-here' })).toEqual({ kind: 'problem', problem: "Nobody called '@nobody-here' is in the channels you can read.", fix: "Set \"assignee\" to 'me', an @handle of a channel member, or an id." });
    expect(await titles({ label: 'e', epic: 'T-999' })).toEqual({ kind: 'problem', problem: 'No task T-999 is visible to you.', fix: 'Set "epic" to the T-ref of an epic you can see (Go to Task finds one).' });
  });
});
