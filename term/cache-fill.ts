// Filling the offline cache on purpose, for a terminal-only user: `wsc login` primes it once and
// `wsc sync` refreshes it. (One-shot reads keep only what they read, after printing: read-recorder.ts.)
import { LIMITS, cachingClient, countLabel, isApiError, loadWholeDocs, loadWholeTasks, type Channel, type Client, type OfflineCache } from '../shared/index';

/** Joined channels whose newest messages `wsc sync` keeps besides those cached already. */
export const SYNC_CHANNELS_MAX = 30;
/** Doc bodies `wsc sync` keeps (the first in the docs tree). */
export const SYNC_DOC_BODIES_MAX = 50;

export interface FillCounts {
  channels: number;
  people: number;
  tasks: number;
  mentions: number;
  docs: number;
  /** Channels whose newest messages were kept (sync only). */
  messageChannels: number;
  messages: number;
  docBodies: number;
}

export interface FillOptions {
  /** Also keep the newest messages of the cached and joined channels and doc bodies (wsc sync; login does not). */
  messages: boolean;
  /** One short line per step, on stderr. */
  progress?: (line: string) => void;
}

/** The channels whose newest messages sync keeps: those cached before, then joined ones, bounded. */
function channelsToKeep(cache: OfflineCache, channels: readonly Channel[]): Channel[] {
  const cachedIds = new Set(cache.scopes().flatMap((s) => ('channel' in s.scope ? [s.scope.channel] : [])));
  const live = channels.filter((c) => !c.archived);
  const already = live.filter((c) => cachedIds.has(c.id));
  const joined = live.filter((c) => !cachedIds.has(c.id) && c.is_member).slice(0, Math.max(0, SYNC_CHANNELS_MAX - already.length));
  return [...already, ...joined];
}

/**
 * Reads what the cache keeps (channels, people, tasks, mentions, the docs tree, and with `messages`
 * the newest messages of channels) through a caching client, so each answer is kept as the
 * terminal UI keeps it. A refusal of one part (403, 404) skips that part; an outage ends the fill.
 */
export async function fillCache(live: Client, cache: OfflineCache, options: FillOptions): Promise<FillCounts> {
  const client = cachingClient(live, cache);
  const counts: FillCounts = { channels: 0, people: 0, tasks: 0, mentions: 0, docs: 0, messageChannels: 0, messages: 0, docBodies: 0 };
  const say = options.progress ?? (() => undefined);
  const part = async <T>(run: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await run();
    } catch (error) {
      if (isApiError(error) && ['forbidden', 'not_found'].includes(error.code)) return undefined;
      throw error;
    }
  };
  await client.me();
  const channels = await client.channels();
  counts.channels = channels.length;
  say(`channels (${channels.length})`);
  const people = new Set<string>();
  for (const c of channels.filter((ch) => !ch.archived)) {
    for (const m of (await part(() => client.members(c.id))) ?? []) people.add(m.id);
  }
  counts.people = people.size;
  say(`people (${people.size})`);
  // The whole lists the views show (tasks asked one status at a time, at the service's most), kept as one.
  const tasks = (await part(() => loadWholeTasks(client)))?.tasks;
  if (tasks) cache.put('tasks', '', tasks);
  counts.tasks = tasks?.length ?? 0;
  say(`tasks (${counts.tasks})`);
  await part(() => client.mentions({ limit: LIMITS.mentionsDefault }));
  counts.mentions = cache.get<unknown[]>('mentions')?.value.length ?? 0;
  say(`mentions (${counts.mentions})`);
  const docs = (await part(() => loadWholeDocs(client)))?.docs ?? [];
  counts.docs = docs.length;
  say(`docs (${counts.docs})`);
  if (options.messages) {
    for (const c of channelsToKeep(cache, channels)) {
      const page = await part(() => client.messages(c.id, { limit: LIMITS.messagesDefault }));
      if (!page) continue;
      counts.messageChannels += 1;
      counts.messages += page.messages.length;
    }
    say(`messages (${counts.messages} in ${counts.messageChannels} channels)`);
    for (const d of docs.filter((item) => !item.is_folder).slice(0, SYNC_DOC_BODIES_MAX)) {
      if (await part(() => client.getDoc(d.id))) counts.docBodies += 1;
    }
    say(`doc bodies (${counts.docBodies})`);
  }
  return counts;
}

/** "12 channels, 8 people, …" for what a fill kept. */
export function describeFill(counts: FillCounts): string {
  const parts = [countLabel(counts.channels, 'channel'), countLabel(counts.people, 'person', 'people'), countLabel(counts.tasks, 'task'), countLabel(counts.mentions, 'mention'), countLabel(counts.docs, 'doc')];
  if (counts.messageChannels > 0) parts.push(`the newest ${countLabel(counts.messages, 'message')} of ${countLabel(counts.messageChannels, 'channel')}`);
  if (counts.docBodies > 0) parts.push(countLabel(counts.docBodies, 'doc body', 'doc bodies'));
  return parts.join(', ');
}
