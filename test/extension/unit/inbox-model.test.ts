// The Inbox view's words and the notification rules (extension/inbox/inbox-model.ts): grouping by
// source with unread counts, the row's description, and who is announced (debugging, muted
// channels, focus mode on the branch's task).
import { describe, expect, it } from 'vitest';
import type { InboxItem } from '../../../shared/index';
import { groupInboxItems, groupLabel, itemDescription, itemLabel, notificationText, relativeTime, shouldNotify, unreadStatus, type NotifyContext } from '../../../extension/inbox/inbox-model';

const NOW = Date.parse('2026-11-28T12:00:00Z');

function item(over: Partial<InboxItem> & Pick<InboxItem, 'id' | 'source'>): InboxItem {
  return { title: 'something', where: 'T-2', at: '2026-11-28T11:00:00Z', target: { kind: 'task', ref: 'T-2' }, state: 'unread', ...over };
}

const quiet: NotifyContext = { debugging: false, focusMode: false, branchTask: undefined, isMutedChannel: () => false };

describe('the Inbox view model', () => {
  it('groups by source in the shared order, unread first then newest, with the unread count in the label', () => {
    const groups = groupInboxItems([
      item({ id: 'run:1', source: 'run', state: 'read' }),
      item({ id: 'task:T-1', source: 'task', state: 'read', at: '2026-11-28T11:59:00Z' }),
      item({ id: 'task:T-2', source: 'task', at: '2026-11-28T10:00:00Z' }),
      item({ id: 'message:m', source: 'mention', target: { kind: 'message', channelId: 'c', messageId: 'm' } }),
    ]);
    expect(groups.map((g) => g.source)).toEqual(['mention', 'task', 'run']);
    const tasks = groups[1];
    expect(tasks?.items.map((i) => i.id)).toEqual(['task:T-2', 'task:T-1']);
    expect(tasks && groupLabel(tasks)).toBe('My tasks (1)');
    expect(groups[2] && groupLabel(groups[2])).toBe('Runs');
  });

  it('a row says who · where · when, and marks unread and gone ones', () => {
    const row = item({ id: 'message:m', source: 'mention', who: 'Adam Admin', where: '#general', at: '2026-11-28T11:57:00Z' });
    expect(itemDescription(row, NOW)).toBe('Adam Admin · #general · 3 min ago');
    expect(itemLabel(row)).toBe('● something');
    expect(itemLabel({ ...row, state: 'read', gone: true })).toBe('something (gone)');
    expect(relativeTime('2026-11-27T11:00:00Z', NOW)).toBe('yesterday');
    expect(relativeTime('2026-09-01T11:00:00Z', NOW)).toBe('2026-09-01');
  });

  it('a mention notification names who and where', () => {
    expect(notificationText(item({ id: 'message:m', source: 'mention', who: 'Adam Admin', where: '#general', title: 'look' }))).toBe('Adam Admin mentioned you in #general: look');
    expect(notificationText(item({ id: 'task:T-2', source: 'task', title: 'T-2 moved to done: x' }))).toBe('T-2 moved to done: x');
  });

  it('announces nothing while debugging, nor a muted channel’s mention, nor what is no longer unread', () => {
    const mention = item({ id: 'message:m', source: 'mention', target: { kind: 'message', channelId: 'muted', messageId: 'm' } });
    expect(shouldNotify(item({ id: 'task:T-2', source: 'task' }), quiet)).toBe(true);
    expect(shouldNotify(item({ id: 'task:T-2', source: 'task' }), { ...quiet, debugging: true })).toBe(false);
    expect(shouldNotify(mention, { ...quiet, isMutedChannel: (id) => id === 'muted' })).toBe(false);
    expect(shouldNotify(item({ id: 'task:T-2', source: 'task', state: 'read' }), quiet)).toBe(false);
  });

  it('focus mode announces only what is about the branch’s task (none when the branch names no task)', () => {
    const focus = { ...quiet, focusMode: true, branchTask: 'T-2' };
    expect(shouldNotify(item({ id: 'task:T-2', source: 'task', taskRef: 'T-2' }), focus)).toBe(true);
    expect(shouldNotify(item({ id: 'task:T-3', source: 'task', taskRef: 'T-3' }), focus)).toBe(false);
    expect(shouldNotify(item({ id: 'outbox:1', source: 'outbox' }), focus)).toBe(false);
    expect(shouldNotify(item({ id: 'task:T-2', source: 'task', taskRef: 'T-2' }), { ...focus, branchTask: undefined })).toBe(false);
  });

  it('the status bar hides at zero', () => {
    expect(unreadStatus(0).visible).toBe(false);
    expect(unreadStatus(2)).toMatchObject({ text: '$(inbox) 2', visible: true });
  });
});
