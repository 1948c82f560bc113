/**
 * Write-through from the shared client's reads into the offline cache, so every face that reads
 * through the returned client keeps the cache current without knowing it exists. Writes of the
 * cache never fail a read: a busy or broken cache only means less is kept.
 */
import type { Client } from '../client';
import type { RunEvent } from '../contract';
import type { TaskRow } from '../contract';
import { CACHE_OBSERVERS, keepStatusRows, statusOnlyRead } from './cache-observers';

export { CACHE_OBSERVERS };
import { isRunSettledEvent } from '../run-events/describe-run-event';
import type { OfflineCache } from './cache-store';

/** Keeps a run's whole timeline once it holds its settled event (a settled run never changes). */
async function* keepingSettledRun(cache: OfflineCache, runId: string, events: AsyncIterable<RunEvent>, from: unknown): AsyncIterable<RunEvent> {
  const seen: RunEvent[] = [];
  for await (const e of events) {
    seen.push(e);
    yield e;
  }
  if (from === undefined && seen.some(isRunSettledEvent)) {
    safely(() => cache.put('run', runId, seen));
  }
}

function safely(work: () => void): void {
  try {
    work();
  } catch {
    // The cache is a convenience; a read that reached the service has succeeded.
  }
}

/**
 * A whole task list read one status at a time merges into one kept list. Merging at each answer
 * reads and rewrites the growing list once per status (~250 ms with 20,000 tasks) before the face
 * can draw it, so the answers are gathered and merged once, when no status has come for a moment.
 */
const STATUS_ROWS_QUIET_MS = 150;
const pendingStatusRows = new Map<OfflineCache, Map<string, readonly TaskRow[]>>();
let statusRowsTimer: ReturnType<typeof setTimeout> | undefined;
let flushOnExit = false;

function flushStatusRows(): void {
  if (statusRowsTimer) clearTimeout(statusRowsTimer);
  statusRowsTimer = undefined;
  const pending = [...pendingStatusRows];
  pendingStatusRows.clear();
  for (const [cache, byStatus] of pending) safely(() => keepStatusRows(cache, byStatus));
}

function keepStatusRowsSoon(cache: OfflineCache, status: string, rows: readonly TaskRow[]): void {
  const byStatus = pendingStatusRows.get(cache) ?? new Map<string, readonly TaskRow[]>();
  byStatus.set(status, rows);
  pendingStatusRows.set(cache, byStatus);
  if (statusRowsTimer) clearTimeout(statusRowsTimer);
  statusRowsTimer = setTimeout(flushStatusRows, STATUS_ROWS_QUIET_MS);
  statusRowsTimer.unref?.();
  if (!flushOnExit) {
    flushOnExit = true;
    // SQLite writes are synchronous: what is gathered is still kept when the process ends.
    process.once('exit', flushStatusRows);
  }
}

/** Keeps at once what the task list reads of every caching client have gathered (tests, a face closing its cache). */
export function flushCacheWrites(): void {
  flushStatusRows();
}

const cacheOfClient = new WeakMap<Client, () => OfflineCache | undefined>();

/** The cache a client made by cachingClient keeps, for a face's first frame; undefined for a plain client (or one whose cache is not open yet). */
export function cacheOf(client: Client): OfflineCache | undefined {
  return cacheOfClient.get(client)?.();
}

/**
 * `cache` may be a function giving the cache once it is open (a face that draws its first frame
 * before loading the store): until then reads go to the service and nothing is kept.
 */
export function cachingClient(client: Client, cache: OfflineCache | (() => OfflineCache | undefined)): Client {
  const current = typeof cache === 'function' ? cache : () => cache;
  const wrapped: Client = new Proxy(client, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      const method = value as (...a: unknown[]) => unknown;
      const open = current();
      if (!open) return method.bind(target);
      if (prop === 'iterateRunEvents') {
        return (runId: string, options?: { after?: unknown }, opts?: unknown) =>
          keepingSettledRun(open, runId, method.call(target, runId, options, opts) as AsyncIterable<RunEvent>, options?.after);
      }
      // The paging iterators read page by page through messages()/thread(): called on the wrapper,
      // each page they read (the live "newer" ones too) is kept like a page read directly.
      if (prop === 'iterateMessages' || prop === 'iterateReplies') return method.bind(wrapped);
      const observe = CACHE_OBSERVERS[prop as keyof Client];
      if (!observe) return method.bind(target);
      return async (...args: unknown[]) => {
        const result = await method.apply(target, args);
        const status = prop === 'tasks' ? statusOnlyRead(args) : undefined;
        if (status !== undefined) keepStatusRowsSoon(open, status, result as TaskRow[]);
        else safely(() => observe(open, args, result));
        return result;
      };
    },
  });
  cacheOfClient.set(wrapped, current);
  return wrapped;
}
