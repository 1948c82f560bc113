/**
 * Reads kept for the cache later: a one-shot command reads through this wrapper, prints, and only
 * then opens the account's cache (SQLite) and keeps what it read, so every read fills the cache
 * without the command's output waiting for the disk.
 */
import type { Client } from '../client';
import type { Identity } from '../contract';
import type { OfflineCache } from './cache-store';
import { CACHE_OBSERVERS } from './cache-observers';

export type CacheWrite = (cache: OfflineCache) => void;

export interface RecordedReads {
  readonly client: Client;
  /** What was read so far, to keep in the cache. */
  writes(): readonly CacheWrite[];
  /** Who the token acts as, when a read said so (GET /me). */
  identity(): Identity | undefined;
}

export function recordingClient(client: Client): RecordedReads {
  const writes: CacheWrite[] = [];
  let identity: Identity | undefined;
  const wrapped: Client = new Proxy(client, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      const method = value as (...a: unknown[]) => unknown;
      // Paging iterators read page by page through messages()/thread(): each page is recorded.
      if (prop === 'iterateMessages' || prop === 'iterateReplies') return method.bind(wrapped);
      const observe = CACHE_OBSERVERS[prop as keyof Client];
      if (!observe) return method.bind(target);
      return async (...args: unknown[]) => {
        const result = await method.apply(target, args);
        if (prop === 'me') identity = result as Identity;
        writes.push((cache) => observe(cache, args, result));
        return result;
      };
    },
  });
  return { client: wrapped, writes: () => writes, identity: () => identity };
}

/** Keeps recorded reads in an open cache; a write that fails only means less is kept. */
export function keepRecordedReads(cache: OfflineCache, writes: readonly CacheWrite[]): number {
  let kept = 0;
  for (const write of writes) {
    try {
      write(cache);
      kept += 1;
    } catch {
      // The cache is a convenience: the read itself has succeeded.
    }
  }
  return kept;
}
