// What paging promises a person when the service pages oddly (the spec allows short pages and empty
// "more to come" run-event pages): rows filled up to the asked size in the asked direction, no event
// shown twice when a cursor moves backwards, and no endless polling of pages that never fill.
import { describe, expect, it } from 'vitest';
import type { Message, MessagesPage, MessagesQuery, RunEvent, RunEventsPage, RunEventsQuery } from '../../../shared';
import { UnexpectedResponseError } from '../../../shared';
import { EMPTY_PAGE_TRIES, emptyPageRetryMs, fillMessagesPage, iterateMessagePages, iterateRunEventPages } from '../../../shared/paging';

const at = (i: number): string => `2026-01-01T00:00:${String(i).padStart(2, '0')}.000000Z`;
const all: Message[] = Array.from({ length: 9 }, (_, i) => ({ id: `m${i}`, created_at: at(i) }) as Message);

/** A service that sends at most two rows a page, whatever the limit asked (the spec allows short pages). */
function shortPages(calls: MessagesQuery[]) {
  return async (q: MessagesQuery): Promise<MessagesPage> => {
    calls.push(q);
    const size = Math.min(2, q.limit ?? 2);
    if (q.after !== undefined) {
      const rest = all.filter((m) => m.created_at > (q.after as string));
      const messages = rest.slice(0, size);
      return { messages, hasMore: rest.length > size, cursor: messages.at(-1)?.created_at ?? null };
    }
    const before = q.before === undefined ? all : all.filter((m) => m.created_at < (q.before as string));
    const messages = before.slice(-size);
    return { messages, hasMore: before.length > size, cursor: messages[0]?.created_at ?? null };
  };
}

describe('fillMessagesPage', () => {
  it('forward (after): fills up to the limit oldest to newest; the cursor is the newest row', async () => {
    const calls: MessagesQuery[] = [];
    const page = await fillMessagesPage(shortPages(calls), { after: at(0), limit: 5 });
    expect(page.messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(page).toMatchObject({ hasMore: true, cursor: at(5) });
    expect(calls).toEqual([
      { after: at(0), limit: 5 },
      { after: at(2), limit: 3 },
      { after: at(4), limit: 1 },
    ]);
  });

  it('forward to the end: every row after the cursor, hasMore false', async () => {
    const page = await fillMessagesPage(shortPages([]), { after: at(5), limit: 10 });
    expect(page.messages.map((m) => m.id)).toEqual(['m6', 'm7', 'm8']);
    expect(page).toMatchObject({ hasMore: false, cursor: at(8) });
  });

  it('backward (before): fills up to the limit in time order; the cursor is the oldest row', async () => {
    const calls: MessagesQuery[] = [];
    const page = await fillMessagesPage(shortPages(calls), { before: at(8), limit: 5 });
    expect(page.messages.map((m) => m.id)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7']);
    expect(page).toMatchObject({ hasMore: true, cursor: at(3) });
    expect(calls).toEqual([
      { before: at(8), limit: 5 },
      { before: at(6), limit: 3 },
      { before: at(4), limit: 1 },
    ]);
  });

  it('without a limit: the one page as the service sent it', async () => {
    const calls: MessagesQuery[] = [];
    const page = await fillMessagesPage(shortPages(calls), { after: at(0) });
    expect(page.messages.map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(calls).toHaveLength(1);
  });

  it('an empty answer keeps the cursor it was given', async () => {
    const page = await fillMessagesPage(async () => ({ messages: [], hasMore: false, cursor: null }), { after: at(8), limit: 5 });
    expect(page).toEqual({ messages: [], hasMore: false, cursor: null });
  });

  it('a forward cursor that does not move is not looped on, and the row at the cursor is not shown again', async () => {
    let calls = 0;
    const stuck = async (q: MessagesQuery): Promise<MessagesPage> => {
      calls++;
      return { messages: [all[1] as Message], hasMore: true, cursor: q.after ?? at(1) };
    };
    const page = await fillMessagesPage(stuck, { after: at(1), limit: 5 });
    expect(page.messages).toEqual([]);
    expect(page.hasMore).toBe(true);
    expect(calls).toBeLessThanOrEqual(2);
  });
});

const event = (seq: number): RunEvent => ({ seq, type: 'log', payload: {} }) as unknown as RunEvent;

async function collectUntilError(it: AsyncIterable<RunEvent>): Promise<{ seqs: number[]; error: unknown }> {
  const seqs: number[] = [];
  try {
    for await (const e of it) seqs.push(e.seq);
  } catch (error) {
    return { seqs, error };
  }
  return { seqs, error: undefined };
}

describe('iterateRunEventPages against a cursor that misbehaves', () => {
  it('a cursor that moves backwards stops the reading: no event is shown twice', async () => {
    const pages: Record<number, RunEventsPage> = {
      0: { events: [event(1), event(2)], nextAfter: 2, hasMore: true },
      2: { events: [event(3)], nextAfter: 1, hasMore: true },
      1: { events: [event(2), event(3)], nextAfter: 3, hasMore: false },
    };
    const { seqs, error } = await collectUntilError(iterateRunEventPages(async (q: RunEventsQuery) => pages[q.after ?? 0] as RunEventsPage));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(seqs).toEqual([1, 2, 3]);
  });

  it('a cursor that stays put on a page with events is refused', async () => {
    const page: RunEventsPage = { events: [event(1)], nextAfter: 0, hasMore: true };
    const { seqs, error } = await collectUntilError(iterateRunEventPages(async () => page));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(seqs).toEqual([1]);
  });

  it(`empty "more to come" pages are asked again ${EMPTY_PAGE_TRIES} times, then the reading gives up`, async () => {
    const calls: RunEventsQuery[] = [];
    const empty = async (q: RunEventsQuery): Promise<RunEventsPage> => {
      calls.push(q);
      return { events: [], nextAfter: q.after ?? 0, hasMore: true };
    };
    const { seqs, error } = await collectUntilError(iterateRunEventPages(empty, { after: 4 }, AbortSignal.timeout(15_000)));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(seqs).toEqual([]);
    expect(calls).toHaveLength(EMPTY_PAGE_TRIES + 1);
    expect(calls.every((q) => q.after === 4)).toBe(true);
  });

  it('the count of empty pages starts over after a page that moves on', async () => {
    const served: number[] = [];
    const script: RunEventsPage[] = [
      ...Array.from({ length: EMPTY_PAGE_TRIES - 1 }, () => ({ events: [], nextAfter: 0, hasMore: true })),
      { events: [event(1)], nextAfter: 1, hasMore: true },
      ...Array.from({ length: EMPTY_PAGE_TRIES - 1 }, () => ({ events: [], nextAfter: 1, hasMore: true })),
      { events: [event(2)], nextAfter: 2, hasMore: false },
    ];
    const source = async (): Promise<RunEventsPage> => {
      served.push(served.length);
      return script[served.length - 1] as RunEventsPage;
    };
    const { seqs, error } = await collectUntilError(iterateRunEventPages(source, {}, AbortSignal.timeout(15_000)));
    expect(error).toBeUndefined();
    expect(seqs).toEqual([1, 2]);
    expect(served).toHaveLength(script.length);
  });
});

describe('pages that say more but cannot be followed', () => {
  const m = (i: number) => all[i] as Message;

  it('iterating: an empty page that says more ends the walk', async () => {
    let calls = 0;
    const source = async (): Promise<MessagesPage> => {
      calls++;
      return { messages: [], hasMore: true, cursor: at(calls) };
    };
    const seen: Message[] = [];
    const walk = async () => {
      for await (const message of iterateMessagePages(source, { direction: 'newer' })) seen.push(message);
    };
    // More said to follow with nothing new: the walk ends with the stall error, never asks again.
    await expect(walk()).rejects.toBeInstanceOf(UnexpectedResponseError);
    expect(seen).toEqual([]);
    expect(calls).toBe(1);
  });

  it('iterating: a page that says more without a cursor ends the walk after its rows', async () => {
    let calls = 0;
    const source = async (): Promise<MessagesPage> => {
      calls++;
      return { messages: [m(calls)], hasMore: true, cursor: null };
    };
    const seen: Message[] = [];
    for await (const message of iterateMessagePages(source, { direction: 'older' })) seen.push(message);
    expect(seen.map((x) => x.id)).toEqual(['m1']);
    expect(calls).toBe(1);
  });

  it('filling: an empty page that says more ends the fill', async () => {
    const calls: MessagesQuery[] = [];
    const source = async (q: MessagesQuery): Promise<MessagesPage> => {
      calls.push(q);
      return calls.length === 1 ? { messages: [], hasMore: true, cursor: at(3) } : { messages: [m(4)], hasMore: false, cursor: at(4) };
    };
    const page = await fillMessagesPage(source, { after: at(2), limit: 5 });
    expect(page.messages).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('filling: a page that says more without a cursor ends the fill', async () => {
    const calls: MessagesQuery[] = [];
    const source = async (q: MessagesQuery): Promise<MessagesPage> => {
      calls.push(q);
      return { messages: [m(calls.length)], hasMore: true, cursor: null };
    };
    const page = await fillMessagesPage(source, { after: at(0), limit: 5 });
    expect(page.messages.map((x) => x.id)).toEqual(['m1']);
    expect(calls).toHaveLength(1);
  });

  it('filling: a later empty page with the same cursor ends the fill with what it has (not an error)', async () => {
    const calls: MessagesQuery[] = [];
    const source = async (q: MessagesQuery): Promise<MessagesPage> => {
      calls.push(q);
      return calls.length === 1 ? { messages: [m(1), m(2)], hasMore: true, cursor: at(2) } : { messages: [], hasMore: true, cursor: at(2) };
    };
    const page = await fillMessagesPage(source, { after: at(0), limit: 5 });
    expect(page.messages.map((x) => x.id)).toEqual(['m1', 'm2']);
    expect(page.cursor).toBe(at(2));
  });

  it('filling without a limit: the page exactly as the service sent it', async () => {
    const sent: MessagesPage = { messages: [m(1)], hasMore: false, cursor: null };
    // The rows as sent; the cursor is the page's own edge (its newest row for an `after` read).
    expect(await fillMessagesPage(async () => sent, { after: at(0) })).toEqual({ ...sent, cursor: m(1).created_at });
  });
});

describe('the stuck-cursor error and the empty-page waits', () => {
  it('says what happened and what to do', async () => {
    const page: RunEventsPage = { events: [event(1)], nextAfter: 7, hasMore: true };
    const { error } = await collectUntilError(iterateRunEventPages(async () => page, { after: 7 }));
    expect(error).toMatchObject({
      code: 'unexpected_response',
      status: 200,
      path: '/api/v1/runs/{id}/events',
      message: expect.stringContaining('7'),
      hint: expect.stringContaining('try again later'),
    });
  });

  it('waits 50 ms, then doubles', () => {
    expect([1, 2, 3, 4].map(emptyPageRetryMs)).toEqual([50, 100, 200, 400]);
  });
});
