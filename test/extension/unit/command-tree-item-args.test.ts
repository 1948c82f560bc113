// Commands that take both a tree element (from an item's menu, or from the view's title bar while an
// item has focus) and a script argument: a tree element's fields never answer a question.
import { describe, expect, it } from 'vitest';
import type { DocListItem } from '../../../shared';
import { newDocArgs, targetedDocArgs } from '../../../extension/docs/doc-command-args';
import { createTaskArg } from '../../../extension/tasks/task-create';
import { searchQueryArg } from '../../../extension/search/search-results';
import { prUrlArg } from '../../../extension/pull-requests/link-flow';
import { assignToMeArg } from '../../../extension/pull-requests/start-work-flow';

const doc: DocListItem = { id: 'd1', title: 'Release checklist', parent_id: 'f1', is_folder: false, updated_at: '2026-01-01T00:00:00.000Z' } as DocListItem;
const folder: DocListItem = { id: 'f1', title: 'Handbook', parent_id: null, is_folder: true, updated_at: '2026-01-01T00:00:00.000Z' } as DocListItem;
const taskRow = { id: 't1', ref: 'T-1', title: 'Write deploy docs', status: 'todo', pr_url: 'https://github.com/acme/app/pull/1' };
const taskNode = { kind: 'task', task: taskRow };

describe('wsc.newDoc', () => {
  it('a focused doc is where the new doc goes, and its title is not the new title', () => {
    expect(newDocArgs(doc)).toEqual({ from: { id: 'd1', title: 'Release checklist', isFolder: false } });
    expect(newDocArgs({ doc })).toEqual({ from: { id: 'd1', title: 'Release checklist', isFolder: false } });
  });
  it('a script answers the title, folder and body', () => {
    expect(newDocArgs({ title: 'Notes', parentId: null, body: 'x' })).toEqual({ title: 'Notes', parentId: null, body: 'x' });
    expect(newDocArgs({ title: 'Notes', docId: 'd1' })).toEqual({ from: { id: 'd1' }, title: 'Notes' });
    expect(newDocArgs(undefined)).toEqual({});
  });
});

describe('wsc.docs.newFolder', () => {
  it('a focused folder is the parent; its name is not the new name', () => {
    expect(newDocArgs(folder)).toEqual({ from: { id: 'f1', title: 'Handbook', isFolder: true } });
    expect(newDocArgs({ title: 'Archive', parentId: 'f1' })).toEqual({ title: 'Archive', parentId: 'f1' });
  });
});

describe('wsc.docs.rename', () => {
  it('a tree element names the doc only; a script names the doc and the new title', () => {
    expect(targetedDocArgs(doc)).toEqual({ target: { id: 'd1', title: 'Release checklist', isFolder: false } });
    expect(targetedDocArgs({ docId: 'd1', title: 'Renamed' })).toEqual({ target: { id: 'd1' }, title: 'Renamed' });
  });
});

describe('wsc.docs.move', () => {
  it("a tree element's parent_id is where it is, not where to move it", () => {
    expect(targetedDocArgs(doc).parentId).toBeUndefined();
    expect(targetedDocArgs({ docId: 'd1', parentId: null })).toEqual({ target: { id: 'd1' }, parentId: null });
  });
});

describe('wsc.docs.delete', () => {
  it('only a script carries the confirmation phrase', () => {
    expect(targetedDocArgs({ ...doc, confirm: 'delete doc permanently' }).confirm).toBeUndefined();
    expect(targetedDocArgs({ docId: 'd1', confirm: 'delete doc permanently' }).confirm).toBe('delete doc permanently');
  });
});

describe('wsc.docs.open', () => {
  it('opens the tree element, a script docId or a wsc-doc URI', () => {
    expect(targetedDocArgs(doc).target?.id).toBe('d1');
    expect(targetedDocArgs({ docId: 'd2' }).target).toEqual({ id: 'd2' });
    expect(targetedDocArgs('wsc-doc:/Notes.md?id=d3').target).toEqual({ id: 'd3' });
  });
});

describe('wsc.tasks.create', () => {
  it('a focused task node or a task row gives no title or epic; a script does', () => {
    expect(createTaskArg(taskNode)).toBeUndefined();
    expect(createTaskArg({ kind: 'group', group: { title: 'Epic A', epicId: 'e1', tasks: [] } })).toBeUndefined();
    expect(createTaskArg(taskRow)).toBeUndefined();
    expect(createTaskArg({ title: 'New', epicId: 'e1' })).toEqual({ title: 'New', epicId: 'e1' });
  });
});

describe('wsc.search', () => {
  it('a focused channel or mention row is no query; a text is', () => {
    expect(searchQueryArg({ id: 'c1', name: 'general' })).toBeUndefined();
    expect(searchQueryArg({ kind: 'mention', row: {} })).toBeUndefined();
    expect(searchQueryArg('  ')).toBeUndefined();
    expect(searchQueryArg('deploy')).toBe('deploy');
  });
});

describe('wsc.linkPullRequest and wsc.startWork', () => {
  it("a task node or row answers neither the URL nor assign-to-me (a row's pr_url is the current link)", () => {
    expect(prUrlArg(taskNode)).toBeUndefined();
    expect(prUrlArg(taskRow)).toBeUndefined();
    expect(prUrlArg({ ref: 'T-1', prUrl: 'https://github.com/acme/app/pull/2' })).toBe('https://github.com/acme/app/pull/2');
    expect(assignToMeArg(taskNode)).toBeUndefined();
    expect(assignToMeArg({ ref: 'T-1', assignToMe: false })).toBe(false);
  });
});
