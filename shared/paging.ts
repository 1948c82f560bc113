import type { Message, MessagesPage, MessagesQuery, RunEvent, RunEventsPage, RunEventsQuery } from './contract';
import { throwIfAborted } from './abort';
import { systemClock } from './clock';
import { UnexpectedResponseError } from './errors';
import { compareTimestamps } from './timestamps';

export type PagingDirection = 'older' | 'newer';

export interface IterateMessagesOptions {
  /** 'older' walks back from `from` (or the newest); 'newer' walks forward from `from` (or the start). */
  direction: PagingDirection;
  /** An exclusive created_at cursor to start from. */
  from?: string;
  /** Page size sent as `limit`. */
  limit?: number;
}

/** The endpoints a paging loop walks, as the error that stops a stuck loop names them. */
export const PAGED_ENDPOINTS = {
  messages: 'GET /api/v1/channels/{id}/messages',
  thread: 'GET /api/v1/threads/{id}',
  mentions: 'GET /api/v1/me/mentions',
  runEvents: 'GET /api/v1/runs/{id}/events',
} as const;

/**
 * Whether `next` lies past `previous` in the direction of travel ('newer': later, 'older':
 * earlier). A loop whose cursor did not move would ask for the same page forever.
 */
export function cursorMoved(previous: string | undefined, next: string, direction: PagingDirection): boolean {
  if (previous === undefined) return true;
  const order = compareTimestamps(next, previous);
  return direction === 'newer' ? order > 0 : order < 0;
}

/** Whether a row lies beyond the (exclusive) cursor of the request that brought it. */
export function beyondCursor(createdAt: string, cursor: string | undefined, direction: PagingDirection): boolean {
  return cursorMoved(cursor, createdAt, direction);
}

/**
 * The error that ends a paging loop whose service said more rows follow but whose cursor did not
 * advance: the rows received so far are kept by the caller; asking again would loop forever.
 */
export function cursorStalled(endpoint: string, cursor: string): UnexpectedResponseError {
  return new UnexpectedResponseError({
    code: 'unexpected_response',
    message: `${endpoint} said more rows follow, but its cursor did not advance past ${cursor}; stopped paging (what arrived so far is kept).`,
    hint: 'The service repeats a page; try again later, and if it persists report it to the service operator.',
    status: 200,
    path: endpoint.replace(/^[A-Z]+ /, ''),
  });
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
  endpoint: string = PAGED_ENDPOINTS.messages,
): AsyncGenerator<Message, void, undefined> {
  const direction = options.direction;
  const older = direction === 'older';
  let cursor: string | undefined = older ? options.from : (options.from ?? BEGINNING_CURSOR);
  for (;;) {
    throwIfAborted(signal);
    const page = await fetchPage(older ? { before: cursor, limit: options.limit } : { after: cursor, limit: options.limit });
    const items = (older ? [...page.messages].reverse() : page.messages).filter((m) => beyondCursor(m.created_at, cursor, direction));
    for (const message of items) yield message;
    if (!page.hasMore || page.cursor === null) return;
    // More rows said to follow, yet none new or the same cursor again: asking on would never end.
    if (items.length === 0 || !cursorMoved(cursor, page.cursor, direction)) throw cursorStalled(endpoint, String(cursor));
    cursor = page.cursor;
  }
}

/** A page as `fillMessagesPage` returns it: what the service sent outside the asked cursor is said, not only dropped. */
export interface FilledMessagesPage extends MessagesPage {
  /**
   * Set when the service's first answer held rows not beyond the asked cursor (not older than
   * `before`, not newer than `after`): a service that ignores the cursor. `answered` rows came,
   * `dropped` of them were left out. A face says so instead of only showing fewer rows.
   */
  outsideCursor?: { answered: number; dropped: number };
}

/**
 * One page of up to `q.limit` messages even when the service sends shorter pages than asked (the
 * spec allows it): asks on in the same direction while it says more exist. The cursor is that of
 * the combined page (its newest row for `after` reads, its oldest otherwise). Rows at or beyond the
 * asked cursor are dropped (a service that repeats a page must not show them twice); when the
 * service's cursor stops moving, the rows so far are returned with `hasMore`, and the caller's own
 * paging, whose cursor then does not move either, ends with the error.
 */
export async function fillMessagesPage(fetchPage: MessagePageFetcher, q: MessagesQuery, signal?: AbortSignal): Promise<FilledMessagesPage> {
  const forward = q.after !== undefined;
  const direction: PagingDirection = forward ? 'newer' : 'older';
  let page = await fetchPage(q);
  let rows = page.messages.filter((m) => beyondCursor(m.created_at, forward ? q.after : q.before, direction));
  const answered = page.messages.length;
  const outsideCursor = answered - rows.length;
  const limit = q.limit;
  while (limit !== undefined && rows.length < limit && page.hasMore && page.messages.length > 0 && page.cursor !== null) {
    throwIfAborted(signal);
    const cursor = page.cursor;
    const rest = limit - rows.length;
    page = await fetchPage(forward ? { after: cursor, limit: rest } : { before: cursor, limit: rest });
    const fresh = page.messages.filter((m) => beyondCursor(m.created_at, cursor, direction));
    rows = forward ? [...rows, ...fresh] : [...fresh, ...rows];
    if (fresh.length === 0 || page.cursor === null || !cursorMoved(cursor, page.cursor, direction)) break;
  }
  const edge = forward ? rows.at(-1) : rows[0];
  const filled = { messages: rows, hasMore: page.hasMore, cursor: edge?.created_at ?? page.cursor };
  return outsideCursor > 0 ? { ...filled, outsideCursor: { answered, dropped: outsideCursor } } : filled;
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
    const fresh = eventsAfter(page.events, after);
    for (const event of fresh) yield event;
    if (!page.hasMore) return;
    if (page.nextAfter < after || (page.nextAfter === after && fresh.length > 0)) throw cursorStalled(PAGED_ENDPOINTS.runEvents, String(after));
    if (page.nextAfter === after) {
      // No events yet more to come (the spec allows it; nextAfter = after): ask again soon, a few times.
      if (++emptyButMore > EMPTY_PAGE_TRIES) throw cursorStalled(PAGED_ENDPOINTS.runEvents, String(after));
      await systemClock.sleep(emptyPageRetryMs(emptyButMore), signal);
      continue;
    }
    emptyButMore = 0;
    after = page.nextAfter;
  }
}

/**
 * The events of a page that lie after the cursor, each past the one before: an event at or below
 * `after` was read already (a service that repeats it must not show it twice).
 */
export function eventsAfter(events: readonly RunEvent[], after: number): RunEvent[] {
  const fresh: RunEvent[] = [];
  let last = after;
  for (const event of events) {
    if (event.seq <= last) continue;
    fresh.push(event);
    last = event.seq;
  }
  return fresh;
}

/** How often a run-event page with no events that says hasMore is asked again before giving up. */
export const EMPTY_PAGE_TRIES = 6;

/** The wait before asking again after the `n`th such page in a row (50 ms, doubling). */
export function emptyPageRetryMs(n: number): number {
  return 50 * 2 ** (n - 1);
}
