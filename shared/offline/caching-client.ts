/**
 * Write-through from the shared client's reads into the offline cache, so every face that reads
 * through the returned client keeps the cache current without knowing it exists. Writes of the
 * cache never fail a read: a busy or broken cache only means less is kept.
 */
import type { Client } from '../client';
import { compareTimestamps } from '../timestamps';
import { COMMANDS, type Channel, type Doc, type DocListItem, type Identity, type Member, type MentionsResponse, type Message, type MessagesPage, type RunEvent, type Task, type TaskRow, type Thread } from '../contract';
import { isRunSettledEvent } from '../run-events/describe-run-event';
import type { OfflineCache } from './cache-store';

type Observer = (cache: OfflineCache, args: unknown[], result: unknown) => void;

/** What each read keeps in the cache (also replayed later by recordingClient). */
export const CACHE_OBSERVERS: Partial<Record<keyof Client, Observer>> = {
  me: (cache, _args, result) => cache.put('me', '', result as Identity),
  channels: (cache, _args, result) => cache.put('channels', '', result as Channel[]),
  messages: (cache, args, result) => {
    const q = (args[1] ?? {}) as { before?: string };
    // Only the newest page (or a page after a kept position) belongs to "the newest messages".
    if (q.before === undefined) cache.putMessages({ channel: String(args[0]) }, (result as MessagesPage).messages);
  },
  thread: (cache, args, result) => {
    const t = result as Thread;
    cache.putMessages({ thread: String(args[0]) }, [t.root, ...t.replies]);
  },
  members: (cache, args, result) => cache.put('members', String(args[0]), result as Member[]),
  tasks: (cache, args, result) => {
    if (unfiltered(args[0])) cache.put('tasks', '', result as TaskRow[]);
  },
  docs: (cache, args, result) => {
    if (unfiltered(args[0])) cache.put('docs', '', result as DocListItem[]);
  },
  readAction: (cache, args, result) => {
    if (args[0] !== COMMANDS.getTask) return;
    const task = (result as { task?: Partial<Task> } | null)?.task;
    if (typeof task?.id !== 'string') return;
    cache.put('task', task.id, task);
    if (typeof task.ref === 'string' && task.ref !== '') cache.put('task', task.ref, task);
  },
  getDoc: (cache, args, result) => cache.put('doc', String(args[0]), result as Doc),
  mentions: (cache, args, result) => {
    const q = (args[0] ?? {}) as { since?: string; channel_id?: string };
    if (q.channel_id !== undefined) return;
    const r = result as MentionsResponse;
    const before = cache.get<Message[]>('mentions')?.value ?? [];
    const byId = new Map<string, Message>([...before, ...r.mentions].map((m) => [m.id, m]));
    const merged = [...byId.values()].sort((a, b) => compareTimestamps(b.created_at, a.created_at)).slice(0, 500);
    cache.put('mentions', '', merged);
  },
};

/** A list read of everything (a page size is not a filter): the one that stands for the whole list. */
function unfiltered(query: unknown): boolean {
  return query === undefined || Object.entries(query as object).every(([name, value]) => name === 'limit' || value === undefined);
}

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
