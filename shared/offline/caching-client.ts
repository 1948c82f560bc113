/**
 * Write-through from the shared client's reads into the offline cache, so every face that reads
 * through the returned client keeps the cache current without knowing it exists. Writes of the
 * cache never fail a read: a busy or broken cache only means less is kept.
 */
import type { Client } from '../client';
import type { RunEvent } from '../contract';
import { CACHE_OBSERVERS } from './cache-observers';

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
        safely(() => observe(open, args, result));
        return result;
      };
    },
  });
  cacheOfClient.set(wrapped, current);
  return wrapped;
}
