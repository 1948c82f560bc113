// A service whose cursors are inclusive (each page starts again with the row at the cursor): walking
// the messages either way shows every message once, in order.
import { describe, expect, it } from 'vitest';
import type { Message, MessagesPage, MessagesQuery } from '../../../shared';
import { fillMessagesPage, iterateMessagePages } from '../../../shared/paging';

const at = (i: number): string => `2026-01-01T00:00:${String(i).padStart(2, '0')}.000000Z`;
const all: Message[] = Array.from({ length: 7 }, (_, i) => ({ id: `m${i}`, created_at: at(i) }) as Message);

/** Pages of three rows that include the row at the cursor (>= / <= instead of > / <). */
async function inclusivePages(q: MessagesQuery): Promise<MessagesPage> {
  if (q.after !== undefined) {
    const rest = all.filter((m) => m.created_at >= (q.after as string));
    const messages = rest.slice(0, 3);
    return { messages, hasMore: rest.length > 3, cursor: messages.at(-1)?.created_at ?? null };
  }
  const rest = q.before === undefined ? all : all.filter((m) => m.created_at <= (q.before as string));
  const messages = rest.slice(-3);
  return { messages, hasMore: rest.length > 3, cursor: messages[0]?.created_at ?? null };
}

async function walk(direction: 'older' | 'newer'): Promise<string[]> {
  const ids: string[] = [];
  for await (const m of iterateMessagePages(inclusivePages, { direction, limit: 3 })) ids.push(m.id);
  return ids;
}

describe('paging through a service that repeats the row at the cursor', () => {
  it('walking back shows each message once, newest to oldest', async () => {
    expect(await walk('older')).toEqual(['m6', 'm5', 'm4', 'm3', 'm2', 'm1', 'm0']);
  });

  it('walking forward shows each message once, oldest to newest', async () => {
    expect(await walk('newer')).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6']);
  });
});

describe('filling a page from a service whose cursor sticks', () => {
  it('a later page with new rows but the same cursor ends the fill with each row once', async () => {
    const calls: MessagesQuery[] = [];
    const stuck = async (q: MessagesQuery): Promise<MessagesPage> => {
      calls.push(q);
      if (q.after === at(0)) return { messages: all.slice(1, 3), hasMore: true, cursor: at(2) };
      return { messages: all.slice(3, 4), hasMore: true, cursor: at(2) };
    };
    const page = await fillMessagesPage(stuck, { after: at(0), limit: 5 });
    expect(page.messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
    expect(page).toMatchObject({ hasMore: true, cursor: at(3) });
    expect(calls).toHaveLength(2);
  });
});
