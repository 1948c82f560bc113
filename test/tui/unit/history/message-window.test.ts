import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../shared';
import { MessageWindow } from '../../../../tui/history/message-window';
import { ConversationPages } from '../../../../tui/history/conversation-pages';
import { MessageLineCache } from '../../../../tui/message-lines';

const msg = (n: number): Message => ({
  id: `m-${n}`,
  channel_id: 'c',
  parent_id: null,
  author: { id: 'a', kind: 'person', name: 'Ann', handle: 'ann' },
  body: `message ${n}`,
  created_at: new Date(Date.UTC(2025, 0, 1) + n * 1000).toISOString(),
  edited_at: null,
  via: null,
  reply_count: 0,
  url: `https://x/${n}`,
});
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => msg(from + i));

describe('MessageWindow', () => {
  const ids = (w: MessageWindow) => w.shown.map((m) => m.id);

  it('puts older pages above and newer ones below, in order, deduplicated, in the same array', () => {
    const w = new MessageWindow(1_000);
    w.replaceAll(range(200, 250));
    const shown = w.shown;
    expect(w.addOlder(range(100, 201))).toEqual({ added: 100, dropped: 0 });
    expect(w.addNewer(range(249, 260))).toEqual({ added: 10, dropped: 0 });
    expect(w.shown).toBe(shown);
    expect(ids(w)).toEqual(range(100, 260).map((m) => m.id));
  });

  it('holds at most its cap: an older page drops the newest, a newer page the oldest', () => {
    const w = new MessageWindow(250);
    w.replaceAll(range(200, 400));
    expect(w.addOlder(range(100, 200))).toEqual({ added: 100, dropped: 50 });
    expect(ids(w)).toEqual(range(100, 350).map((m) => m.id));
    expect(w.addNewer(range(350, 450))).toEqual({ added: 100, dropped: 100 });
    expect(ids(w)).toEqual(range(200, 450).map((m) => m.id));
    // A dropped message may come back with a later page.
    expect(w.addOlder(range(150, 200))).toEqual({ added: 50, dropped: 50 });
    expect(w.has('m-150')).toBe(true);
    expect(w.has('m-449')).toBe(false);
  });

  it('keeps a mark on its message when messages join or leave above it, and a thread root where it is', () => {
    const w = new MessageWindow(100);
    w.replaceAll(range(100, 150), msg(0));
    const root = w.mark(0);
    const middle = w.mark(20);
    w.addOlder(range(50, 100));
    const later = w.mark(w.indexOfMark(middle) + 1);
    w.addNewer(range(150, 170));
    expect(w.shown[w.indexOfMark(root)]?.id).toBe('m-0');
    expect(w.shown[w.indexOfMark(middle)]?.id).toBe('m-119');
    expect(w.shown[w.indexOfMark(later)]?.id).toBe('m-120');
  });

  it('keeps a mark on its message when the window is replaced by one that holds it, past the end when not', () => {
    const w = new MessageWindow(100);
    // The cache's copy, a message marked on it, then the service's page with one more above and below.
    w.replaceAll(range(10, 20));
    const kept = w.mark(5);
    const gone = w.mark(0);
    w.replaceAll(range(11, 22), null, false);
    expect(w.shown[w.indexOfMark(kept)]?.id).toBe('m-15');
    expect(w.indexOfMark(gone)).toBeGreaterThanOrEqual(w.count);
  });

  it('keeps a thread root on top and shares one author object across messages', () => {
    const w = new MessageWindow(8);
    w.replaceAll(range(5, 10), msg(-1));
    w.addOlder(range(0, 5));
    expect(ids(w)).toEqual(['m--1', ...range(0, 7).map((m) => m.id)]);
    w.addNewer(range(7, 12));
    expect(ids(w)).toEqual(['m--1', ...range(5, 12).map((m) => m.id)]);
    expect(w.shown[1]?.author).toBe(w.shown[2]?.author);
  });

  it('shares an author only with the same id, kind, name and handle (a renamed author keeps each name)', () => {
    const w = new MessageWindow();
    const renamed = range(0, 4).map((m, i) => ({ ...m, author: { ...m.author, name: i % 2 === 0 ? 'Ann' : 'Ann B.' } }));
    w.replaceAll(renamed);
    expect(w.shown.map((m) => m.author.name)).toEqual(['Ann', 'Ann B.', 'Ann', 'Ann B.']);
    expect(w.shown[0]?.author).toBe(w.shown[2]?.author);
    expect(w.shown[1]?.author).toBe(w.shown[3]?.author);
    expect(w.shown[0]?.author).not.toBe(w.shown[1]?.author);
  });
});

describe('ConversationPages', () => {
  const channel = { kind: 'channel', channelId: 'c' } as const;

  it('moves the window to the oldest page and back through newer pages to the newest, where live polls go on', () => {
    const p = new ConversationPages(channel, 250);
    p.first({ messages: range(950, 1000), hasMore: true });
    expect([p.hasOlder, p.hasNewer]).toEqual([true, false]);
    p.oldestPage({ messages: range(0, 100), hasMore: true });
    expect([p.hasOlder, p.hasNewer, p.oldest, p.newest]).toEqual([false, true, msg(0).created_at, msg(99).created_at]);
    for (let from = 100; from < 1000; from += 100) p.newer({ messages: range(from, from + 100), hasMore: from + 100 < 1000 }, msg(from - 1).created_at);
    expect([p.hasOlder, p.hasNewer, p.history.count]).toEqual([true, false, 250]);
    expect(p.history.last?.id).toBe('m-999');
  });

  it('an older page that drops the newest leaves the window away from the newest', () => {
    const p = new ConversationPages(channel, 120);
    p.first({ messages: range(900, 1000), hasMore: true });
    p.older({ messages: range(800, 900), hasMore: true }, msg(900).created_at);
    expect([p.hasOlder, p.hasNewer, p.history.first?.id, p.history.last?.id]).toEqual([true, true, 'm-800', 'm-919']);
    p.newestPage({ messages: range(950, 1000), hasMore: true });
    expect([p.hasOlder, p.hasNewer, p.history.first?.id]).toEqual([true, false, 'm-950']);
  });

  it('walks a long channel up and back down through pages shorter than asked (a short-pages service), every message once, in order', () => {
    const all = range(0, 2_000);
    // The service answers half of what is asked (as `wsc serve --variant short-pages` does).
    const before = (at: string, limit: number) => {
      const end = all.findIndex((m) => m.created_at >= at);
      const from = Math.max(0, end - Math.floor(limit / 2));
      return { messages: all.slice(from, end), hasMore: from > 0 };
    };
    const after = (at: string, limit: number) => {
      const start = all.findIndex((m) => m.created_at > at);
      const to = Math.min(all.length, start + Math.floor(limit / 2));
      return { messages: all.slice(start, to), hasMore: to < all.length };
    };
    const p = new ConversationPages(channel);
    p.first({ messages: all.slice(1_975), hasMore: true });
    // The selection moves one message at a time; within 30 of an edge the page beyond it is read.
    let at = p.history.count - 1;
    const seen: number[] = [at + 1_975];
    while (p.history.first?.id !== 'm-0' || at > 0) {
      if (at < 30 && p.hasOlder) {
        const asked = p.oldest as string;
        at += p.older(before(asked, 100), asked).added;
      }
      at -= 1;
      seen.push(Number(p.history.shown[at]?.id.slice(2)));
    }
    expect(seen).toEqual(all.map((_, i) => 1_999 - i));
    expect([p.hasOlder, p.hasNewer, p.history.count]).toEqual([false, true, 400]);
    const down: number[] = [0];
    while (at < p.history.count - 1 || p.hasNewer) {
      if (at >= p.history.count - 30 && p.hasNewer) {
        const asked = p.newest as string;
        const count = p.history.count;
        const { added } = p.newer(after(asked, 100), asked);
        // The oldest dropped past the cap: the selection's index moves up by as many.
        at -= count + added - p.history.count;
      }
      at += 1;
      down.push(Number(p.history.shown[at]?.id.slice(2)));
    }
    expect(down).toEqual(all.map((_, i) => i));
  });

  it('a page that does not move its cursor is an error', () => {
    const p = new ConversationPages(channel, 120);
    p.first({ messages: range(900, 1000), hasMore: true });
    expect(() => p.older({ messages: range(900, 950), hasMore: true }, msg(900).created_at)).toThrow();
  });
});

describe('MessageLineCache', () => {
  const options = { width: 40, color: false };
  it('renders a message once per width and drops every row on a width change', () => {
    const cache = new MessageLineCache(10);
    const m = msg(1);
    const first = cache.lines(m, options);
    expect(cache.lines(m, options)).toBe(first);
    expect(cache.lines(m, { ...options, width: 30 })).not.toBe(first);
    expect(cache.size).toBe(1);
  });

  it('keeps only the most recently drawn rows', () => {
    const cache = new MessageLineCache(10);
    const all = range(0, 100);
    for (const m of all) cache.lines(m, options);
    expect(cache.size).toBe(10);
    const recent = cache.lines(all[99] as Message, options);
    expect(cache.lines(all[99] as Message, options)).toBe(recent);
  });
});
