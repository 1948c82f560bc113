import { describe, expect, it } from 'vitest';
import type { MentionRow } from '../../../shared';
import { GlobalStateCursorStore } from '../../../extension/mentions/cursor-store';
import { ReadMarkedInbox } from '../../../extension/mentions/inbox';
import { keepNotification, KEPT_NOTIFICATIONS, mentionNotice, unreadCountShown } from '../../../extension/mentions/mention-notice';
import { mentionRowParts, notificationText, replyParentId, snippet } from '../../../extension/mentions/mention-text';
import { memoryStore } from '../../support/memory-store';

const row = (id: string, createdAt: string, over: Partial<MentionRow> = {}): MentionRow => ({
  id,
  channel_id: 'c1',
  parent_id: null,
  author: { id: 'u2', kind: 'person', name: 'Bob B', handle: 'bob' },
  body: `hey @alice ${id}`,
  created_at: createdAt,
  edited_at: null,
  via: null,
  reply_count: 0,
  url: `http://x/w/w/c/c1/m/${id}`,
  reason: 'mention',
  context: [],
  ...over,
});

describe('ReadMarkedInbox', () => {
  it('dedupes by id, keeps newest first and counts unread per channel', async () => {
    const inbox = new ReadMarkedInbox(memoryStore());
    expect(inbox.add([row('a', '2026-01-01T00:00:01.000000Z'), row('b', '2026-01-01T00:00:02.000000Z', { channel_id: 'c2' })])).toHaveLength(2);
    expect(inbox.add([row('a', '2026-01-01T00:00:01.000000Z')])).toHaveLength(0);
    expect(inbox.rows().map((r) => r.id)).toEqual(['b', 'a']);
    expect(inbox.unreadCount()).toBe(2);
    expect([...inbox.unreadByChannel()]).toEqual([
      ['c2', 1],
      ['c1', 1],
    ]);
    await inbox.markRead('a');
    expect(inbox.unreadCount()).toBe(1);
    await inbox.markAllRead();
    expect(inbox.unreadCount()).toBe(0);
    inbox.add([row('c', '2026-01-01T00:00:03.000000Z')]);
    expect(inbox.unreadCount()).toBe(1);
  });

  it('on a first run counts what already exists as read; muted channels do not count', async () => {
    const store = memoryStore();
    const inbox = new ReadMarkedInbox(store, (id) => id === 'muted');
    await inbox.markReadIfFirstRun('2026-01-01T00:00:02.000000Z');
    inbox.add([row('old', '2026-01-01T00:00:01.000000Z'), row('new', '2026-01-01T00:00:05.000000Z'), row('m', '2026-01-01T00:00:06.000000Z', { channel_id: 'muted' })]);
    expect(inbox.unread().map((r) => r.id)).toEqual(['new']);
    await inbox.markReadIfFirstRun('2026-01-01T00:00:09.000000Z');
    expect(inbox.unread().map((r) => r.id)).toEqual(['new']);
  });

  it('compares read marks by timestamp value, not as strings', async () => {
    const store = memoryStore();
    const inbox = new ReadMarkedInbox(store);
    await inbox.markReadIfFirstRun('2026-01-01T00:00:01.500Z');
    // As strings '…01Z' sorts after '…01.500Z'; as times it is before, so it was read.
    inbox.add([row('before', '2026-01-01T00:00:01Z'), row('after', '2026-01-01T00:00:01.6Z')]);
    expect(inbox.unread().map((r) => r.id)).toEqual(['after']);
    expect(inbox.rows().map((r) => r.id)).toEqual(['after', 'before']);
  });
});

describe('mention text', () => {
  it('says who and where, on one line without Markdown or control characters', () => {
    const r = row('a', '2026-01-01T00:00:01.000000Z', { body: '**Look** at [this](https://x.y)\n\u001b[31mnow\u0007' });
    expect(notificationText(r, 'general')).toBe('Bob B mentioned you in #general: Look at this [31mnow');
    expect(notificationText({ ...r, reason: 'dm' }, 'Bob')).toMatch(/^Bob B sent you a direct message: /);
    expect(snippet('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('replies go into the thread of the mention', () => {
    expect(replyParentId(row('a', 't'))).toBe('a');
    expect(replyParentId(row('a', 't', { parent_id: 'root' }))).toBe('root');
  });
});

describe('mentions tree row', () => {
  it('puts the text first and who and where in the description', () => {
    expect(mentionRowParts(row('m1', '2026-01-01T00:00:00Z', { body: '**Can you** review?' }), 'general')).toEqual({
      label: 'Can you review?',
      description: 'Bob B · #general',
      accessibleName: 'Read: Bob B mentioned you in #general: Can you review?',
    });
    expect(mentionRowParts(row('m2', '2026-01-01T00:00:00Z', { reason: 'dm' }), undefined).description).toBe('Bob B · direct message');
    expect(mentionRowParts(row('m3', '2026-01-01T00:00:00Z'), undefined).description).toBe('Bob B');
  });

  it('says whether a mention is read in its description and in the name a screen reader speaks', () => {
    const m = row('m4', '2026-01-01T00:00:00Z', { body: 'ship it?' });
    const unread = mentionRowParts(m, 'general', true);
    const read = mentionRowParts(m, 'general', false);
    expect(unread.accessibleName).toBe('Unread: Bob B mentioned you in #general: ship it?');
    expect(read.accessibleName).toBe('Read: Bob B mentioned you in #general: ship it?');
    expect(unread.description).toBe('● Bob B · #general');
    expect(read.description).toBe('Bob B · #general');
  });
});

describe('mention notice and unread count', () => {
  const context = (over: { muted?: boolean; quiet?: boolean } = {}) => ({
    isMuted: () => over.muted ?? false,
    channelName: () => 'general',
    quietNow: () => over.quiet ?? false,
  });

  it('announces a mention with its channel, stays silent for a muted channel or while debugging quietly', () => {
    expect(mentionNotice(row('a', '2026-01-01T00:00:01.000000Z'), context())).toBe('Bob B mentioned you in #general: hey @alice a');
    expect(mentionNotice(row('a', '2026-01-01T00:00:01.000000Z'), context({ muted: true }))).toBeUndefined();
    expect(mentionNotice(row('a', '2026-01-01T00:00:01.000000Z'), context({ quiet: true }))).toBeUndefined();
  });

  it('keeps only the newest notification texts', () => {
    const kept: string[] = [];
    for (let i = 0; i < KEPT_NOTIFICATIONS + 3; i++) keepNotification(kept, `n${i}`);
    expect(kept).toHaveLength(KEPT_NOTIFICATIONS);
    expect(kept[0]).toBe('n3');
  });

  it('shows the count on the badge and the status bar only while signed in with something unread', () => {
    expect(unreadCountShown(0, true)).toMatchObject({ badge: undefined, visible: false, text: '$(mention) 0' });
    expect(unreadCountShown(1, true)).toMatchObject({ badge: { value: 1 }, visible: true, tooltip: '1 unread mention and direct messages' });
    expect(unreadCountShown(2, false)).toMatchObject({ badge: { value: 2 }, visible: false, tooltip: '2 unread mentions and direct messages' });
  });
});

describe('GlobalStateCursorStore', () => {
  it('keeps one cursor per service origin and person', async () => {
    const store = memoryStore();
    const key = GlobalStateCursorStore.keyFor('http://127.0.0.1:9/api/', 'u1');
    expect(key).toBe('wsc.mentions.cursor:http://127.0.0.1:9:u1');
    const cursors = new GlobalStateCursorStore(store, key);
    expect(await cursors.load()).toBeUndefined();
    await cursors.save('2026-01-01T00:00:01.000001Z');
    expect(await cursors.load()).toBe('2026-01-01T00:00:01.000001Z');
    expect(await new GlobalStateCursorStore(store, GlobalStateCursorStore.keyFor('http://other', 'u1')).load()).toBeUndefined();
  });
});
