import type { Message, MessagesPage, MessagesQuery, RunEvent, RunEventsPage, RunEventsQuery } from './contract';
import { throwIfAborted } from './abort';
import { systemClock } from './clock';
import { UnexpectedResponseError } from './errors';

export type PagingDirection = 'older' | 'newer';

export interface IterateMessagesOptions {
  /** 'older' walks back from `from` (or the newest); 'newer' walks forward from `from` (or the start). */
  direction: PagingDirection;
  /** An exclusive created_at cursor to start from. */
  from?: string;
  /** Page size sent as `limit`. */
  limit?: number;
}

/** Cursor before every message: where a 'newer' walk without `from` starts. */
export const BEGINNING_CURSOR = '1970-01-01T00:00:00.000000Z';

type MessagePageFetcher = (q: MessagesQuery) => Promise<MessagesPage>;

/**
 * Every message of a created_at-cursored list, in the direction of travel: 'older' yields newest
 * to oldest (each page reversed), 'newer' oldest to newest. Stops when `hasMore` is false, on
 * break/return, and rejects on abort.
 */
export async function* iterateMessagePages(
  fetchPage: MessagePageFetcher,
  options: IterateMessagesOptions,
  signal?: AbortSignal,
): AsyncGenerator<Message, void, undefined> {
  const older = options.direction === 'older';
  let cursor: string | undefined = older ? options.from : (options.from ?? BEGINNING_CURSOR);
  for (;;) {
    throwIfAborted(signal);
    const page = await fetchPage(older ? { before: cursor, limit: options.limit } : { after: cursor, limit: options.limit });
    const items = older ? [...page.messages].reverse() : page.messages;
    for (const message of items) yield message;
    if (!page.hasMore || page.messages.length === 0 || page.cursor === null) return;
    if (page.cursor === cursor) throw stuckCursor(String(cursor));
    cursor = page.cursor;
  }
}

/**
 * One page of up to `q.limit` messages even when the service sends shorter pages than asked (the
 * spec allows it): asks on in the same direction while it says more exist. The cursor is that of
 * the combined page (its newest row for `after` reads, its oldest otherwise).
 */
export async function fillMessagesPage(fetchPage: MessagePageFetcher, q: MessagesQuery, signal?: AbortSignal): Promise<MessagesPage> {
  let page = await fetchPage(q);
  const limit = q.limit;
  if (limit === undefined) return page;
  const forward = q.after !== undefined;
  let rows = page.messages;
  while (rows.length < limit && page.hasMore && page.messages.length > 0 && page.cursor !== null) {
    throwIfAborted(signal);
    const cursor = page.cursor;
    const rest = limit - rows.length;
    page = await fetchPage(forward ? { after: cursor, limit: rest } : { before: cursor, limit: rest });
    if (page.cursor === cursor && page.messages.length > 0) throw stuckCursor(cursor);
    rows = forward ? [...rows, ...page.messages] : [...page.messages, ...rows];
  }
  const edge = forward ? rows.at(-1) : rows[0];
  return { messages: rows, hasMore: page.hasMore, cursor: edge?.created_at ?? page.cursor };
}

export interface IterateRunEventsOptions {
  /** Sequence to start after (default 0: from the first event). */
  after?: number;
  limit?: number;
}

/**
 * Every run event after `after`, in sequence order. Keeps paging while `hasMore`, also after
 * short pages cut by the 128 KiB budget; `known:false` and withheld events are yielded as they are.
 */
export async function* iterateRunEventPages(
  fetchPage: (q: RunEventsQuery) => Promise<RunEventsPage>,
  options: IterateRunEventsOptions = {},
  signal?: AbortSignal,
): AsyncGenerator<RunEvent, void, undefined> {
  let after = options.after ?? 0;
  let emptyButMore = 0;
  for (;;) {
    throwIfAborted(signal);
    const page = await fetchPage({ after, limit: options.limit });
    for (const event of page.events) yield event;
    if (!page.hasMore) return;
    if (page.nextAfter < after || (page.nextAfter === after && page.events.length > 0)) throw stuckCursor(String(after));
    if (page.nextAfter === after) {
      // No events yet more to come (the spec allows it; nextAfter = after): ask again soon, a few times.
      if (++emptyButMore > EMPTY_PAGE_TRIES) throw stuckCursor(String(after));
      await systemClock.sleep(emptyPageRetryMs(emptyButMore), signal);
      continue;
    }
    emptyButMore = 0;
    after = page.nextAfter;
  }
}

/** How often a run-event page with no events that says hasMore is asked again before giving up. */
export const EMPTY_PAGE_TRIES = 6;

/** The wait before asking again after the `n`th such page in a row (50 ms, doubling). */
export function emptyPageRetryMs(n: number): number {
  return 50 * 2 ** (n - 1);
}

function stuckCursor(cursor: string): UnexpectedResponseError {
  return new UnexpectedResponseError({
    code: 'unexpected_response',
    message: `The service said more pages follow but returned the same cursor (${cursor}) again.`,
    hint: 'Stop paging and try again later; if it persists, report it to the service operator.',
    status: 200,
    path: '',
  });
}
