// The Inbox view's keys (tui/views/inbox-key-map.ts) as a pure map, the help that is built from the
// same list, and the whole-screen keys leaving the view its own.
import { describe, expect, it } from 'vitest';
import { inkKey as key } from '../support/ink-key';
import { keyHelp } from '../../../tui/keys/key-binding';
import { INBOX_KEYS, inboxKeyAction, nextInboxFilter } from '../../../tui/keys/inbox-key-map';
import { appKeyAction } from '../../../tui/keys/app-keymap';
import { conversationKeyAction } from '../../../tui/keys/conversation-key-map';
import { keySectionsFor } from '../../../tui/keys/help-sections';

describe('inboxKeyAction', () => {
  it('moves, opens, marks done, all done, next unread, filters and refreshes', () => {
    expect(inboxKeyAction('j', key())).toEqual({ kind: 'move', by: 1 });
    expect(inboxKeyAction('', key({ upArrow: true }))).toEqual({ kind: 'move', by: -1 });
    expect(inboxKeyAction('', key({ pageDown: true }), 7)).toEqual({ kind: 'move', by: 7 });
    expect(inboxKeyAction('', key({ return: true }))).toEqual({ kind: 'open' });
    expect(inboxKeyAction('d', key())).toEqual({ kind: 'done' });
    expect(inboxKeyAction('D', key({ shift: true }))).toEqual({ kind: 'all-done' });
    expect(inboxKeyAction('n', key())).toEqual({ kind: 'next-unread' });
    expect(inboxKeyAction('f', key())).toEqual({ kind: 'cycle-filter' });
    expect(inboxKeyAction('u', key())).toEqual({ kind: 'unread-only' });
    expect(inboxKeyAction('r', key())).toEqual({ kind: 'refresh' });
    expect(inboxKeyAction('g', key())).toEqual({ kind: 'ends', to: 'first' });
    expect(inboxKeyAction('G', key({ shift: true }))).toEqual({ kind: 'ends', to: 'last' });
  });

  it('0 is every source, 1–5 one source each, 6 and up nothing', () => {
    expect(inboxKeyAction('0', key())).toEqual({ kind: 'filter', source: null });
    expect(inboxKeyAction('1', key())).toEqual({ kind: 'filter', source: 'mention' });
    expect(inboxKeyAction('2', key())).toEqual({ kind: 'filter', source: 'dm' });
    expect(inboxKeyAction('3', key())).toEqual({ kind: 'filter', source: 'task' });
    expect(inboxKeyAction('4', key())).toEqual({ kind: 'filter', source: 'run' });
    expect(inboxKeyAction('5', key())).toEqual({ kind: 'filter', source: 'outbox' });
    expect(inboxKeyAction('6', key())).toBeNull();
  });

  it('leaves other keys and Ctrl/Alt chords to others', () => {
    expect(inboxKeyAction('x', key())).toBeNull();
    expect(inboxKeyAction('d', key({ ctrl: true }))).toBeNull();
    expect(inboxKeyAction('r', key({ meta: true }))).toBeNull();
  });

  it('f cycles all → each source → all', () => {
    const seen: (string | null)[] = [];
    let filter: ReturnType<typeof nextInboxFilter> = null;
    for (let i = 0; i < 6; i += 1) seen.push((filter = nextInboxFilter(filter)));
    expect(seen).toEqual(['mention', 'dm', 'task', 'run', 'outbox', null]);
  });
});

describe('the Inbox among the other keys', () => {
  it('i opens the Inbox from anywhere but a conversation (whose list takes i to write); d in the Inbox is done, not Docs', () => {
    expect(appKeyAction('i', key(), { focus: 'sidebar', view: { kind: 'welcome' } })).toEqual({ kind: 'navigate', view: { kind: 'inbox' } });
    expect(appKeyAction('i', key(), { focus: 'main', view: { kind: 'tasks' } })).toEqual({ kind: 'navigate', view: { kind: 'inbox' } });
    expect(appKeyAction('i', key(), { focus: 'main', view: { kind: 'inbox' } })).toBeNull();
    expect(appKeyAction('d', key(), { focus: 'sidebar', view: { kind: 'inbox' } })).toEqual({ kind: 'navigate', view: { kind: 'docs' } });
    // The view's layer comes before the app's and takes these, so the router stops there.
    expect(conversationKeyAction('i', key(), { at: 0, count: 1, hasOlder: false, hasNewer: false, inChannel: false })).toEqual({ kind: 'compose' });
    expect(inboxKeyAction('d', key())).toEqual({ kind: 'done' });
  });

  it('the help opened from the Inbox shows its keys first, from the keymap list', () => {
    const [own] = keySectionsFor('inbox');
    expect(own?.title).toBe('Inbox');
    expect(own?.keys).toEqual(keyHelp(INBOX_KEYS));
    expect(own?.keys.map((k) => k.keys)).toEqual(expect.arrayContaining(['Enter', 'd', 'D', 'n', 'f', 'u']));
    // Every key the help names for the Inbox is one the map acts on.
    for (const input of ['d', 'D', 'n', 'f', 'u', 'r', 'g', 'G', '0', '1', '5']) expect(inboxKeyAction(input, key())).not.toBeNull();
  });
});
