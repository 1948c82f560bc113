import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../shared';
import { MessageHistory } from '../../../../tui/history/message-history';
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

describe('MessageHistory', () => {
  it('shows older pages only when published, in order, deduplicated, in the same array', () => {
    const h = new MessageHistory();
    h.replaceAll(range(200, 250));
    const shown = h.shown;
    h.queueOlder(range(100, 201));
    h.queueOlder(range(0, 100));
    expect(h.index(1_000)).toBe(true);
    expect(h.count).toBe(50);
    expect(h.publish()).toBe(200);
    expect(h.shown).toBe(shown);
    expect(h.shown.map((m) => m.id)).toEqual(range(0, 250).map((m) => m.id));
  });

  it('indexes in slices: a budget that runs out leaves the rest for the next call', () => {
    const h = new MessageHistory();
    h.replaceAll([msg(10_000)]);
    h.queueOlder(range(0, 10_000));
    let clock = 0;
    expect(h.index(5, () => (clock += 1))).toBe(false);
    expect(h.pendingOlder).toBe(0);
    while (!h.index(5, () => (clock += 1)));
    expect(h.publish()).toBe(10_000);
    expect(h.shown[0]?.id).toBe('m-0');
    expect(h.shown[10_000]?.id).toBe('m-10000');
  });

  it('keeps a mark on its message when older pages are published above it, and a thread root where it is', () => {
    const h = new MessageHistory();
    h.replaceAll(range(100, 150), msg(0));
    const root = h.mark(0);
    const middle = h.mark(20);
    h.queueOlder(range(50, 100));
    h.index(1_000);
    h.publish();
    const later = h.mark(h.indexOfMark(middle) + 1);
    h.queueOlder(range(10, 50));
    h.index(1_000);
    h.publish();
    expect(h.shown[h.indexOfMark(root)]?.id).toBe('m-0');
    expect(h.shown[h.indexOfMark(middle)]?.id).toBe('m-119');
    expect(h.shown[h.indexOfMark(later)]?.id).toBe('m-120');
  });

  it('keeps a thread root on top and shares one author object across messages', () => {
    const h = new MessageHistory();
    h.replaceAll(range(5, 10), msg(-1));
    h.queueOlder(range(0, 5));
    h.index(1_000);
    h.publish();
    expect(h.shown.map((m) => m.id)).toEqual(['m--1', ...range(0, 10).map((m) => m.id)]);
    expect(h.shown[1]?.author).toBe(h.shown[2]?.author);
  });

  it('shares an author only with the same id, kind, name and handle (a renamed author keeps each name)', () => {
    const h = new MessageHistory();
    const renamed = range(0, 4).map((m, i) => ({ ...m, author: { ...m.author, name: i % 2 === 0 ? 'Ann' : 'Ann B.' } }));
    h.replaceAll(renamed);
    expect(h.shown.map((m) => m.author.name)).toEqual(['Ann', 'Ann B.', 'Ann', 'Ann B.']);
    expect(h.shown[0]?.author).toBe(h.shown[2]?.author);
    expect(h.shown[1]?.author).toBe(h.shown[3]?.author);
    expect(h.shown[0]?.author).not.toBe(h.shown[1]?.author);
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
