// The line mode's words (tui/plain/line-text.ts): every mark of the full-screen UI said in words,
// server text sanitised, no escape sequence of our own.
import { describe, expect, it } from 'vitest';
import type { Channel, InboxItem, Message, MentionRow, OutboxEntry } from '../../../../shared';
import { countWords, inboxHeading, inboxLine, mentionLine, messageLines, openedLine, outboxStateLine, roomChoiceLine, roomWords, taskLine } from '../../../../tui/plain/line-text';
import { term } from '../../../../shared';

const NOW = new Date(2026, 10, 28, 12, 0);
const AT = new Date(2026, 10, 28, 10, 42).toISOString();

const message = (over: Partial<Message> = {}): Message => ({
  id: 'm1',
  channel_id: 'c1',
  parent_id: null,
  author: { id: 'u1', kind: 'person', name: 'Maria Member', handle: 'maria' },
  body: 'the build is green',
  created_at: AT,
  edited_at: null,
  via: null,
  reply_count: 0,
  url: 'https://example.test/m1',
  ...over,
});

const channel = (over: Partial<Channel> = {}): Channel => ({ id: 'c1', name: 'general', description: '', kind: 'channel', private: false, archived: false, room_icon: null, is_member: true, last_message_at: AT, ...over });

describe('messageLines', () => {
  it('says author, time and text on one line, numbered', () => {
    expect(messageLines(message(), { number: 3, now: NOW })).toEqual(['3. Maria Member, 10:42: the build is green']);
  });

  it('counts replies in words, says an edit, a run and a mention of me', () => {
    const m = message({ author: { id: 'u2', kind: 'agent', name: 'Scout', handle: 'scout' }, body: '@maria look', reply_count: 2, edited_at: AT, run_id: 'r1' });
    expect(messageLines(m, { me: 'maria', now: NOW })).toEqual(['Scout [agent], 10:42, edited: @maria look (2 replies, mentions you, started a run)']);
    expect(messageLines(message({ reply_count: 1 }), { now: NOW })[0]).toContain('(1 reply)');
    expect(messageLines(message({ reply_count: 4 }), { showReplies: false, now: NOW })[0]).not.toContain('repl');
  });

  it('puts further lines of the text under the first, indented, with the notes last', () => {
    expect(messageLines(message({ body: 'first\nsecond\n', reply_count: 1 }), { now: NOW })).toEqual(['Maria Member, 10:42: first', '  second', '  1 reply.']);
  });

  it('my own message mentioning me is not "mentions you"', () => {
    expect(messageLines(message({ body: '@maria note to self' }), { me: 'maria', now: NOW })[0]).not.toContain('mentions you');
  });

  it('removes escape sequences and shows BiDi controls from the service', () => {
    const [line] = messageLines(message({ body: 'hi \x1b[2J\x1b]52;c;AAAA\x07there \u202etxt', author: { id: 'u3', kind: 'person', name: 'Eve\x1b[31m', handle: 'eve' } }), { now: NOW });
    expect(line).not.toContain('\x1b');
    expect(line).toContain('<U+202E>');
    expect(line).toContain('Eve, 10:42: hi ');
  });
});

describe('rooms', () => {
  it('says a DM, a private room and the marks in words', () => {
    expect(roomWords(channel())).toBe('#general');
    expect(roomWords(channel({ kind: 'dm', name: 'Maria Member, Mike Member' }), 'Maria Member')).toBe('@Mike Member, direct message');
    expect(roomChoiceLine(2, channel({ private: true }), { unread: true, mentioned: true, open: false })).toBe('2. #general, private, unread, mentions you');
    expect(roomChoiceLine(1, channel(), { unread: false, mentioned: false, open: true })).toBe('1. #general, open now');
    expect(roomChoiceLine(1, channel(), { unread: false, mentioned: false, open: false })).toBe('1. #general');
  });

  it('says how many messages opening a room prints', () => {
    expect(openedLine(term`#general`, 0, false)).toContain('No messages yet');
    expect(openedLine(term`#general`, 1, false)).toBe('Opened #general. 1 message follows, oldest first.');
    expect(openedLine(term`#general`, 20, true)).toBe('Opened #general. The newest 20 messages follow, oldest first.');
    expect(countWords(2, 'reply', 'replies')).toBe('2 replies');
  });
});

describe('mentions, inbox, tasks, outbox', () => {
  it('a mention says who, where, when and what', () => {
    const row: MentionRow = { ...message({ author: { id: 'u2', kind: 'person', name: 'Mike Member', handle: 'mike' }, body: '@maria  can you\nlook?' }), reason: 'mention', context: [] };
    expect(mentionLine(row, term`#random`, NOW)).toBe('Mention: Mike Member in #random, 10:42: @maria can you look?');
    expect(mentionLine({ ...row, reason: 'dm' }, term`@Mike Member, direct message`, NOW)).toMatch(/^Direct message: /);
  });

  it('an inbox item says unread and its source in words', () => {
    const item: InboxItem = { id: 'task:T-3', source: 'task', title: 'T-3 moved to done', who: 'Mike Member', where: 'T-3', at: AT, target: { kind: 'task', ref: 'T-3' }, state: 'unread' };
    expect(inboxLine(item, 1, NOW)).toBe('1. unread, task: T-3 moved to done, by Mike Member, T-3, 10:42');
    expect(inboxLine({ ...item, state: 'read', gone: true }, undefined, NOW)).toBe('Inbox, task: T-3 moved to done, by Mike Member, T-3, 10:42, no longer there');
    expect(inboxHeading([item, { ...item, id: 'x', state: 'read' }])).toBe('Inbox: 2 items, 1 unread.');
    expect(inboxHeading([])).toBe('The inbox is empty.');
  });

  it('a task says its status in words', () => {
    expect(taskLine(1, { ref: 'T-3', status: 'in_review', title: 'Fix login' })).toBe('1. T-3, in review: Fix login');
  });

  it('a write waiting says queued, or not sent with what the service said and what to do', () => {
    const entry: OutboxEntry = { id: 4, idempotencyKey: 'k', operation: { kind: 'post', channelId: 'c1', body: 'hi' }, state: 'pending', createdAt: 0, attempts: 1 };
    expect(outboxStateLine(entry, 'post in #general: "hi"', { code: 'network_error', message: 'x', hint: '', status: 0 })).toBe(
      'Queued: post in #general: "hi" (the service could not be reached). It is sent when the service can be reached.',
    );
    const failed = outboxStateLine({ ...entry, state: 'failed' }, 'post in #general: "hi"', { code: 'forbidden', message: 'You may not post here.', hint: 'Ask an admin.', status: 403 });
    expect(failed).toBe('Not sent: post in #general: "hi". The service said: You may not post here. Ask an admin. It stays in the outbox; `wsc outbox list` shows it, `wsc outbox retry` sends it again.');
  });
});
