import { describe, expect, it } from 'vitest';
import type { Message, MessagesPage, MessagesQuery, RunEvent, RunEventsPage, RunEventsQuery } from '../../../shared';
import { BEGINNING_CURSOR, UnexpectedResponseError } from '../../../shared';
import { iterateMessagePages, iterateRunEventPages } from '../../../shared/paging';

// These exercise the iterators' own logic against an in-memory page source that follows the
// documented cursor rules; the same iterators run against the local service in endpoints tests.
const at = (i: number): string => `2026-01-01T00:00:${String(i).padStart(2, '0')}.000000Z`;
const all: Message[] = Array.from({ length: 7 }, (_, i) => ({ id: `m${i}`, created_at: at(i) }) as Message);

function pageSource(calls: MessagesQuery[]) {
  return async (q: MessagesQuery): Promise<MessagesPage> => {
    calls.push(q);
    const limit = q.limit ?? 3;
    if (q.after !== undefined) {
      const rest = all.filter((m) => m.created_at > (q.after as string));
      const messages = rest.slice(0, limit);
      return { messages, hasMore: rest.length > limit, cursor: messages.at(-1)?.created_at ?? null };
    }
    const before = q.before === undefined ? all : all.filter((m) => m.created_at < (q.before as string));
    const messages = before.slice(-limit);
    return { messages, hasMore: before.length > limit, cursor: messages[0]?.created_at ?? null };
  };
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('message paging', () => {
  it("'older' walks back with before=cursor, newest to oldest", async () => {
    const calls: MessagesQuery[] = [];
    const ids = (await collect(iterateMessagePages(pageSource(calls), { direction: 'older', limit: 3 }))).map((m) => m.id);
    expect(ids).toEqual(['m6', 'm5', 'm4', 'm3', 'm2', 'm1', 'm0']);
    expect(calls.map((c) => c.before)).toEqual([undefined, at(4), at(1)]);
  });

  it("'newer' walks forward with after=cursor from the beginning or from `from`", async () => {
    const calls: MessagesQuery[] = [];
    const ids = (await collect(iterateMessagePages(pageSource(calls), { direction: 'newer', limit: 3 }))).map((m) => m.id);
    expect(ids).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6']);
    expect(calls.map((c) => c.after)).toEqual([BEGINNING_CURSOR, at(2), at(5)]);
    const fromMiddle = (await collect(iterateMessagePages(pageSource([]), { direction: 'newer', from: at(3), limit: 2 }))).map((m) => m.id);
    expect(fromMiddle).toEqual(['m4', 'm5', 'm6']);
  });

  it('stops fetching on break', async () => {
    const calls: MessagesQuery[] = [];
    for await (const m of iterateMessagePages(pageSource(calls), { direction: 'older', limit: 3 })) {
      if (m.id === 'm5') break;
    }
    expect(calls).toHaveLength(1);
  });

  it('refuses a cursor that does not move', async () => {
    const stuck = async (): Promise<MessagesPage> => ({ messages: [all[0] as Message], hasMore: true, cursor: at(0) });
    const it1 = iterateMessagePages(stuck, { direction: 'newer', from: at(0) });
    await expect(collect(it1)).rejects.toBeInstanceOf(UnexpectedResponseError);
  });
});

describe('run event paging', () => {
  it('keeps paging while hasMore, also after short budget-cut pages', async () => {
    const events = Array.from({ length: 5 }, (_, i) => ({ seq: i + 1, name: 'note' }) as RunEvent);
    const calls: RunEventsQuery[] = [];
    // Page sizes 2, 1 (cut by the byte budget), 2.
    const cuts = [2, 1, 2];
    const source = async (q: RunEventsQuery): Promise<RunEventsPage> => {
      calls.push(q);
      const rest = events.filter((e) => e.seq > (q.after ?? 0));
      const page = rest.slice(0, cuts[calls.length - 1] ?? 100);
      return { events: page, nextAfter: page.at(-1)?.seq ?? q.after ?? 0, hasMore: rest.length > page.length };
    };
    const seqs = (await collect(iterateRunEventPages(source, {}))).map((e) => e.seq);
    expect(seqs).toEqual([1, 2, 3, 4, 5]);
    expect(calls.map((c) => c.after)).toEqual([0, 2, 3]);
  });
});
