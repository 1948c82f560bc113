// The message list's keys as a pure function: a key and the list it meets -> what to do.
import { describe, expect, it } from 'vitest';
import { conversationKeyAction, type ConversationKey, type ConversationKeyState } from '../../../tui/keys/conversation-key-map';

const none: ConversationKey = { upArrow: false, downArrow: false, pageUp: false, pageDown: false, home: false, end: false, return: false };
const list = (over: Partial<ConversationKeyState> = {}): ConversationKeyState => ({ at: 5, count: 10, hasOlder: false, hasNewer: false, inChannel: true, ...over });

describe('conversationKeyAction', () => {
  it('moves the selection by one, by a page, to the newest', () => {
    expect(conversationKeyAction('j', none, list())).toEqual({ kind: 'select', index: 6 });
    expect(conversationKeyAction('', { ...none, upArrow: true }, list())).toEqual({ kind: 'select', index: 4 });
    expect(conversationKeyAction('', { ...none, pageDown: true }, list())).toEqual({ kind: 'select', index: 10 });
    expect(conversationKeyAction('G', none, list())).toEqual({ kind: 'select', index: 9 });
  });

  it('loads older messages from the top when there are any, and goes to the oldest with g', () => {
    expect(conversationKeyAction('k', none, list({ at: 0, hasOlder: true }))).toEqual({ kind: 'load-older' });
    expect(conversationKeyAction('', { ...none, pageUp: true }, list({ at: 0, hasOlder: true }))).toEqual({ kind: 'load-older' });
    expect(conversationKeyAction('k', none, list({ at: 0 }))).toEqual({ kind: 'select', index: -1 });
    expect(conversationKeyAction('g', none, list())).toEqual({ kind: 'oldest' });
    expect(conversationKeyAction('', { ...none, home: true }, list())).toEqual({ kind: 'oldest' });
  });

  it('loads newer messages from the bottom of a window away from the newest, and goes to the newest with G', () => {
    expect(conversationKeyAction('j', none, list({ at: 9, hasNewer: true }))).toEqual({ kind: 'load-newer' });
    expect(conversationKeyAction('', { ...none, pageDown: true }, list({ at: 9, hasNewer: true }))).toEqual({ kind: 'load-newer' });
    expect(conversationKeyAction('j', none, list({ at: 8, hasNewer: true }))).toEqual({ kind: 'select', index: 9 });
    expect(conversationKeyAction('G', none, list({ hasNewer: true }))).toEqual({ kind: 'newest' });
    expect(conversationKeyAction('', { ...none, end: true }, list({ hasNewer: true }))).toEqual({ kind: 'newest' });
  });

  it('Enter opens a thread only from a channel, and only on a message', () => {
    expect(conversationKeyAction('', { ...none, return: true }, list())).toEqual({ kind: 'open-thread' });
    expect(conversationKeyAction('', { ...none, return: true }, list({ inChannel: false }))).toBeNull();
    expect(conversationKeyAction('', { ...none, return: true }, list({ at: -1, count: 0 }))).toBeNull();
  });

  it('i and c write; y, o and T act on the selected message', () => {
    expect(conversationKeyAction('i', none, list())).toEqual({ kind: 'compose' });
    expect(conversationKeyAction('c', none, list({ count: 0, at: -1 }))).toEqual({ kind: 'compose' });
    expect(conversationKeyAction('y', none, list())).toEqual({ kind: 'copy-link' });
    expect(conversationKeyAction('o', none, list())).toEqual({ kind: 'open-run' });
    expect(conversationKeyAction('T', none, list())).toEqual({ kind: 'open-task' });
    expect(conversationKeyAction('y', none, list({ count: 0, at: -1 }))).toBeNull();
    expect(conversationKeyAction('x', none, list())).toBeNull();
  });
});
