// The Inbox view's text (tui/views/inbox-rows.ts): rows, heading, filter line, where an item opens.
import { describe, expect, it } from 'vitest';
import type { InboxItem } from '../../../shared';
import { visibleWidth } from '../../../shared';
import { inboxFilterLine, inboxHeading, inboxRowText, inboxTargetView, nextUnread, outboxOperationPlace } from '../../../tui/rows/inbox-rows';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const item = (over: Partial<InboxItem>): InboxItem => ({
  id: 'message:m1',
  source: 'mention',
  title: '@maria can you look at the deploy?',
  who: 'Adam Admin',
  where: '#general',
  at: '2026-11-28T11:57:00Z',
  target: { kind: 'message', channelId: 'c1', messageId: 'm1' },
  state: 'unread',
  ...over,
});

describe('inboxRowText', () => {
  it('unread mark, glyph, title, then who · where · how long ago', () => {
    const row = inboxRowText(item({}), 80, NOW);
    expect(row.startsWith('•@ @maria can you look at the deploy?')).toBe(true);
    expect(row).toMatch(/Adam Admin · #general · 3 min ago$/);
    expect(visibleWidth(row)).toBeLessThanOrEqual(78);
  });

  it('a read item has no mark; a gone one says so; each source its glyph', () => {
    expect(inboxRowText(item({ state: 'read' }), 80, NOW).startsWith(' @ ')).toBe(true);
    expect(inboxRowText(item({ source: 'run', gone: true, title: 'Run gone' }), 80, NOW).startsWith('•▶ (gone) Run gone')).toBe(true);
    expect(inboxRowText(item({ source: 'task' }), 80, NOW).startsWith('•☐')).toBe(true);
    expect(inboxRowText(item({ source: 'dm' }), 80, NOW).startsWith('•☺')).toBe(true);
    expect(inboxRowText(item({ source: 'outbox' }), 80, NOW).startsWith('•⚠')).toBe(true);
  });

  it('a narrow pane cuts the title first and never goes past its width; service controls are removed', () => {
    const row = inboxRowText(item({ title: `evil\x1b[2J title ${'x'.repeat(200)}` }), 40, NOW);
    expect(visibleWidth(row)).toBeLessThanOrEqual(38);
    expect(row).not.toContain('\x1b');
    expect(row).toContain('…');
    expect(row).toMatch(/ · 3 min ago$/);
  });

  it('who · where is cut before how long ago', () => {
    const row = inboxRowText(item({ who: 'Someone With A Very Long Display Name Indeed', where: '#a-channel-with-a-long-name' }), 60, NOW);
    expect(row).toMatch(/… · 3 min ago$/);
    expect(visibleWidth(row)).toBeLessThanOrEqual(58);
  });
});

describe('heading and filter line', () => {
  it('names the filter, the counts and when the sources were read', () => {
    expect(inboxHeading({ source: null, unreadOnly: false }, 3, 2, 'ready', null)).toBe('Inbox · all · 3 shown · 2 unread · reading… · ? keys');
    expect(inboxHeading({ source: 'task', unreadOnly: true }, 1, 1, 'loading')).toBe('Inbox · My tasks · unread only · opening… · ? keys');
    expect(inboxHeading({ source: null, unreadOnly: false }, 0, 0, 'ready', { at: NOW, unreachable: true })).toMatch(/ · offline, read (?:[A-Z][a-z]{2} \d{1,2} )?\d\d:\d\d · /);
  });

  it('the filter line brackets the current filter and counts unread per source', () => {
    const line = inboxFilterLine({ source: 'dm', unreadOnly: false }, { mention: 2, dm: 1, task: 0, run: 0, outbox: 0 });
    expect(line).toBe('0 all  1 @ mentions 2  [2 ☺ DMs 1]  3 ☐ tasks  4 ▶ runs  5 ⚠ refused');
  });
});

describe('where an item opens', () => {
  it('a message in its channel, a reply in its thread, a task, a run, a doc; a refused write needs its entry', () => {
    expect(inboxTargetView({ kind: 'message', channelId: 'c', messageId: 'm' })).toEqual({ kind: 'channel', channelId: 'c', focusMessageId: 'm' });
    expect(inboxTargetView({ kind: 'message', channelId: 'c', messageId: 'm', threadId: 'r' })).toEqual({ kind: 'thread', channelId: 'c', rootId: 'r', focusMessageId: 'm' });
    expect(inboxTargetView({ kind: 'task', ref: 'T-2' })).toEqual({ kind: 'task', taskId: 'T-2' });
    expect(inboxTargetView({ kind: 'run', runId: 'r1' })).toEqual({ kind: 'run', runId: 'r1' });
    expect(inboxTargetView({ kind: 'doc', docId: 'd1' })).toEqual({ kind: 'doc', id: 'd1' });
    expect(inboxTargetView({ kind: 'outbox', entryId: 4 })).toBeNull();
  });

  it('a refused write opens where it was written (an edit has no view: null)', () => {
    expect(outboxOperationPlace({ kind: 'post', channelId: 'c', body: 'x' })).toEqual({ kind: 'channel', channelId: 'c' });
    expect(outboxOperationPlace({ kind: 'post', channelId: 'c', body: 'x', parentId: 'r' })).toEqual({ kind: 'thread', channelId: 'c', rootId: 'r' });
    expect(outboxOperationPlace({ kind: 'task_update', taskRef: 'T-1', patch: {} })).toEqual({ kind: 'task', taskId: 'T-1' });
    expect(outboxOperationPlace({ kind: 'doc_save', docId: 'd', title: 't', base: { body: '', updated_at: '' }, mine: '' })).toEqual({ kind: 'doc', id: 'd' });
    expect(outboxOperationPlace({ kind: 'edit', messageId: 'm', body: 'x' })).toBeNull();
  });

  it('n: the next unread after the selection, wrapping; -1 when none', () => {
    const items = [item({ id: 'a' }), item({ id: 'b', state: 'read' }), item({ id: 'c' })];
    expect(nextUnread(items, 0)).toBe(2);
    expect(nextUnread(items, 2)).toBe(0);
    expect(nextUnread([item({ state: 'read' })], 0)).toBe(-1);
    expect(nextUnread([], 0)).toBe(-1);
  });
});

describe('arrivalNotice', () => {
  it('names the source, the first item and who; counts the rest', async () => {
    const { arrivalNotice } = await import('../../../tui/hooks/use-inbox');
    expect(arrivalNotice([])).toBeNull();
    expect(arrivalNotice([item({})])).toEqual({ title: 'wsc · Mentions', body: '@maria can you look at the deploy? — Adam Admin' });
    expect(arrivalNotice([item({ source: 'task', who: undefined, title: 'T-2 moved to done' }), item({}), item({})])).toEqual({ title: 'wsc · My tasks', body: 'T-2 moved to done (and 2 more)' });
  });
});
