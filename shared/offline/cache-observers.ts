// What each read of the Client keeps in the offline cache. A leaf without the contract's schemas
// (the command name comes from contract/values): a one-shot command records its reads with it and
// loads no schema module for that.
import type { Client } from '../client';
import type { Channel, Doc, DocListItem, Identity, Member, MentionsResponse, Message, MessagesPage, Task, TaskRow, Thread } from '../contract';
import { COMMANDS } from '../contract/values';
import { compareTimestamps } from '../timestamps';
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
    const rows = result as TaskRow[];
    if (unfiltered(args[0])) return cache.put('tasks', '', rows);
    // A whole list is read one status at a time: each status's answer replaces that status's rows.
    const status = onlyStatus(args[0]);
    if (status !== undefined) keepStatusRows(cache, new Map([[status, rows]]));
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
  // Not a read: what I set on a task myself (from any face), so the inbox does not call it news.
  patchTask: (cache, args, result) => {
    const ref = (result as { ref?: unknown } | null)?.ref;
    if (typeof ref !== 'string' || ref === '') return;
    const before = cache.get<{ fields: Record<string, unknown> }>('own-task-write', ref)?.value.fields ?? {};
    cache.put('own-task-write', ref, { fields: { ...before, ...(args[1] as Record<string, unknown>) }, at: Date.now() });
  },
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

/** Replaces each given status's rows in the kept whole task list (one read and one write for all of them). */
export function keepStatusRows(cache: OfflineCache, byStatus: ReadonlyMap<string, readonly TaskRow[]>): void {
  const kept = (cache.get<TaskRow[]>('tasks')?.value ?? []).filter((t) => !byStatus.has(t.status));
  const added = [...byStatus].flatMap(([status, rows]) => rows.filter((t) => t.status === status));
  cache.put('tasks', '', [...kept, ...added].sort((a, b) => a.number - b.number));
}

/** The status of a task list read narrowed by status alone (with any page size), else undefined. */
export function statusOnlyRead(args: readonly unknown[]): string | undefined {
  return onlyStatus(args[0]);
}

/** The status of a list read narrowed by status alone (with any page size), else undefined. */
function onlyStatus(query: unknown): string | undefined {
  if (query === undefined) return undefined;
  const set = Object.entries(query as object).filter(([name, value]) => name !== 'limit' && value !== undefined);
  return set.length === 1 && set[0]?.[0] === 'status' && typeof set[0][1] === 'string' ? set[0][1] : undefined;
}

/** A list read of everything (a page size is not a filter): the one that stands for the whole list. */
function unfiltered(query: unknown): boolean {
  return query === undefined || Object.entries(query as object).every(([name, value]) => name === 'limit' || value === undefined);
}
