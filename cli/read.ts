// `wsc read <channel> [--limit N] [--before TS | --all] [--follow]`: the newest messages (or those
// before a time, or all of them), then (follow) new ones as they come; `--thread ROOT` reads a thread.
import { BEGINNING_CURSOR, Backoff, LIMITS, PAGED_ENDPOINTS, Waker, beyondCursor, cursorMoved, cursorStalled, isApiError, roomLabel, systemClock, systemRandom, type Channel, type Client, type Message } from '../shared/index';
import { integerFlag, noExtraPositionals, parseArgs, required } from './args';
import { usageError } from '../term/cli-error';
import { findChannel, pickChannel } from './channel-lookup';
import { withClient } from '../term/connect';
import { roomReader } from '../term/room-reader';
import { readLiveOrCached, savedAgo } from '../term/offline-cache';
import { abortOnInterrupt } from './interrupt';
import { knownAuthors, printMessage, type KnownAuthors } from './message-format';
import { createOutput, safe, type Output, term } from './output';
import { isFinalError } from '../shared/index';

/** Besides doorbell cues, a follow loop reads this often (edits and lost wakes ring no bell). */
const FALLBACK_POLL_MS = 5_000;

export async function runRead(argv: string[]): Promise<number> {
  const args = parseArgs('read', argv, { strings: ['limit', 'before', 'thread'], booleans: ['follow', 'all', 'offline'] });
  const rootId = args.values.thread;
  const channelArg = rootId === undefined ? required(args, 0, 'the channel (id or name)', 'read') : args.positionals[0];
  noExtraPositionals(args, 1, 'read');
  const limit = integerFlag(args, 'limit', 'read', { min: 1, max: LIMITS.messagesMax }) ?? LIMITS.messagesDefault;
  const before = args.values.before;
  if (before !== undefined && Number.isNaN(Date.parse(before))) {
    throw usageError(`read: --before needs an ISO timestamp, not '${before}'.`, 'e.g. --before 2026-01-31T09:00:00Z (a message created_at from --json)');
  }
  if (args.flags.all && args.values.before !== undefined) throw usageError('read: --all and --before cannot be used together.', 'Pick one.');
  if (args.flags.follow && (args.flags.all || args.values.before !== undefined || rootId !== undefined)) {
    throw usageError('read: --follow reads the newest messages of a channel.', 'Drop --all, --before or --thread to follow.');
  }
  const offline = args.flags.offline === true;
  if (offline && (args.flags.follow || args.flags.all || before !== undefined || rootId !== undefined)) {
    throw usageError('read: --offline shows the newest messages of a channel kept in the offline cache.', 'Drop --follow, --all, --before or --thread to read offline.');
  }
  const out = createOutput();
  return withClient(args, async ({ client, connection }) => {
    const warn = (line: string) => out.note(safe(line));
    let authors: KnownAuthors = new Map();
    const print = (m: Message) => (args.json ? out.json(m) : printMessage(out, m, undefined, authors));
    // A service that left authors out: named from `author_id` and the channel's people (text only).
    const nameAuthors = async (channelId: string, messages: readonly Message[]) => {
      if (!args.json) authors = await knownAuthors(client, channelId, messages);
    };
    if (rootId === undefined && !args.flags.all && before === undefined && !args.flags.follow) {
      const read = await readLiveOrCached(
        { offline, warn, what: `the messages of ${channelArg as string}`, connection },
        async () => {
          const channel = await findChannel(client, channelArg as string);
          return { channel, page: await client.messages(channel.id, { limit }) };
        },
        (cache) => {
          const channels = cache.get<Channel[]>('channels');
          if (!channels) return undefined;
          // A channel the cached list does not hold has nothing cached: the service's own error stands.
          const channel = channels.value.some((c) => c.id === channelArg || c.name.toLowerCase() === (channelArg as string).replace(/^#/, '').toLowerCase())
            ? pickChannel(channels.value, channelArg as string)
            : undefined;
          if (!channel) return undefined;
          const messages = cache.messages({ channel: channel.id });
          if (!messages) return undefined;
          return { value: { channel, page: { messages: messages.value.slice(-limit), hasMore: messages.value.length > limit, cursor: null } }, savedAt: messages.savedAt };
        },
      );
      const { channel, page } = read.value;
      if (!args.json) {
        const more = page.hasMore ? ` (older messages exist; --limit ${LIMITS.messagesMax} shows up to ${LIMITS.messagesMax})` : '';
        const cachedNote = read.cached ? ` (cached ${savedAgo(Date.parse(read.cached.savedAt))})` : '';
        // The room as every face names it (a DM by its other members), the reader asked once when not yet known.
        const reader = await roomReader(client, connection, { offline: offline || read.cached !== undefined });
        out.note(term`${safe(roomLabel(channel, reader))}: ${page.messages.length} message${page.messages.length === 1 ? '' : term`s`}${safe(more)}${safe(cachedNote)}`);
      }
      if (!read.cached) await nameAuthors(channel.id, page.messages);
      for (const m of page.messages) {
        if (args.json && read.cached) out.json({ ...m, cached: read.cached });
        else print(m);
      }
      return 0;
    }
    if (rootId !== undefined) return await readThread(client, rootId, limit, args.flags.all === true, print, out, args.json);
    const channel = await findChannel(client, channelArg as string);
    if (args.flags.all) {
      const all = await everyMessage(client, channel.id, print);
      if (!args.json) out.note(term`${safe(roomLabel(channel, await roomReader(client, connection, { offline: false })))}: all ${all.length} message${all.length === 1 ? '' : term`s`}`);
      await nameAuthors(channel.id, all);
      all.forEach(print);
      return 0;
    }
    const page = await client.messages(channel.id, args.values.before !== undefined ? { limit, before: args.values.before } : { limit });
    // A service that ignored --before: its answer is said (on stderr, also with --json) and only the rows older than T are shown.
    const ignored = before !== undefined ? page.outsideCursor : undefined;
    if (ignored) out.note(safe(beforeIgnoredNote(ignored, before as string, page.messages.length, channelArg as string)));
    if (!args.json) {
      const more = page.hasMore && !(ignored && page.messages.length === 0) ? ` (older messages exist; --limit ${LIMITS.messagesMax} shows up to ${LIMITS.messagesMax})` : '';
      out.note(term`${safe(roomLabel(channel, await roomReader(client, connection, { offline: false })))}: ${page.messages.length} message${page.messages.length === 1 ? '' : term`s`}${safe(more)}`);
    }
    await nameAuthors(channel.id, page.messages);
    page.messages.forEach(print);
    if (!args.flags.follow) return 0;
    const newest = page.messages[page.messages.length - 1];
    await follow(client, channel.id, newest?.created_at ?? BEGINNING_CURSOR, print, out, args.json);
    return 0;
  });
}

/** What a read with --before says when the service sent messages not older than T (it may not support the cursor). */
export function beforeIgnoredNote(ignored: { answered: number; dropped: number }, before: string, shown: number, channel: string): string {
  const rows = (n: number) => `${n} message${n === 1 ? '' : 's'}`;
  const what = ignored.dropped === ignored.answered ? `${rows(ignored.answered)}, none older than ${before}` : `${rows(ignored.answered)}, ${ignored.dropped} of them not older than ${before}`;
  const next = shown === 0 ? ` Nothing older can be shown; \`wsc read ${channel} --limit ${LIMITS.messagesMax}\` shows the newest ${LIMITS.messagesMax}.` : ` Showing the ${rows(shown)} older than ${before}.`;
  return `read: the service answered ${what}; it may not support --before.${next}`;
}

/** Every top-level message of a channel, oldest first: older pages until there are none. */
async function everyMessage(client: Client, channelId: string, print: (m: Message) => void): Promise<Message[]> {
  const pages: Message[][] = [];
  try {
    let page = await client.messages(channelId, { limit: LIMITS.messagesMax });
    pages.unshift(page.messages);
    while (page.hasMore && page.messages.length > 0) {
      const before = (page.messages[0] as Message).created_at;
      page = await client.messages(channelId, { limit: LIMITS.messagesMax, before });
      const oldest = page.messages[0];
      // More said to follow, yet nothing older than the cursor: asking again would never end.
      if (page.hasMore && (oldest === undefined || !cursorMoved(before, oldest.created_at, 'older'))) throw cursorStalled(PAGED_ENDPOINTS.messages, before);
      pages.unshift(page.messages.filter((m) => beyondCursor(m.created_at, before, 'older')));
    }
  } catch (error) {
    // A page that repeats its cursor: print what arrived, then stop with the error.
    if (isApiError(error) && error.code === 'unexpected_response') dedupe(pages).forEach(print);
    throw error;
  }
  return dedupe(pages);
}

function dedupe(pages: Message[][]): Message[] {
  const seen = new Set<string>();
  return pages.flat().filter((m) => !seen.has(m.id) && seen.add(m.id));
}

/** A thread: its root, then its replies oldest first (the first `limit`, or with --all every one). */
async function readThread(client: Client, rootId: string, limit: number, all: boolean, print: (m: Message) => void, out: Output, json: boolean): Promise<number> {
  let t = await client.thread(rootId, { limit: all ? LIMITS.messagesMax : limit });
  const replies = [...t.replies];
  let stalled: Error | undefined;
  while (all && t.hasMore && t.replies.length > 0) {
    const after = (t.replies[t.replies.length - 1] as Message).created_at;
    t = await client.thread(rootId, { limit: LIMITS.messagesMax, after });
    const fresh = t.replies.filter((m) => beyondCursor(m.created_at, after, 'newer'));
    replies.push(...fresh);
    if (t.hasMore && fresh.length === 0) {
      stalled = cursorStalled(PAGED_ENDPOINTS.thread, after);
      break;
    }
  }
  if (!json) out.note(term`thread of ${safe(t.root.author.name)}: ${replies.length} repl${replies.length === 1 ? term`y` : term`ies`}${!all && t.hasMore ? term` (more exist; --all shows every one)` : ''}`);
  print(t.root);
  replies.forEach(print);
  if (stalled) throw stalled;
  return 0;
}

async function follow(client: Client, channelId: string, from: string, print: (m: Message) => void, out: Output, json: boolean): Promise<void> {
  const interrupt = abortOnInterrupt();
  const waker = new Waker({ client, intervalMs: FALLBACK_POLL_MS });
  waker.start();
  const backoff = new Backoff({ baseMs: 1_000, maxMs: 30_000 }, systemRandom);
  let cursor = from;
  try {
    if (!json) out.note(term`Following; press Ctrl-C to stop.`);
    while (!interrupt.signal.aborted) {
      try {
        // Read everything after the last printed message; the cursor only moves past printed ones.
        for (;;) {
          const asked = cursor;
          const page = await client.messages(channelId, { after: asked, limit: LIMITS.messagesMax }, { signal: interrupt.signal });
          for (const m of page.messages) {
            if (!beyondCursor(m.created_at, cursor, 'newer')) continue;
            print(m);
            cursor = m.created_at;
          }
          if (!page.hasMore) break;
          // More said to follow, yet nothing after the cursor: asking again would never end.
          if (cursor === asked) throw cursorStalled(PAGED_ENDPOINTS.messages, asked);
        }
        if (backoff.attempt > 0) out.note(term`Reconnected.`);
        backoff.reset();
      } catch (error) {
        if (interrupt.signal.aborted) break;
        if (isFinalError(error)) throw error;
        const wait = backoff.next(error);
        out.note(term`reconnecting… (${isApiError(error) ? safe(error.message) : term`error`}; retrying in ${Math.round(wait / 1000)} s)`);
        if (!(await untilAborted(systemClock.sleep(wait, interrupt.signal), interrupt.signal))) break;
        continue;
      }
      if (!(await untilAborted(waker.next(interrupt.signal), interrupt.signal))) break;
    }
  } finally {
    interrupt.dispose();
    await waker.stop();
  }
}

/** Waits for `wait`; false when it ended because `signal` aborted (Ctrl-C), which is no error. */
async function untilAborted(wait: Promise<void>, signal: AbortSignal): Promise<boolean> {
  try {
    await wait;
    return true;
  } catch (error) {
    if (signal.aborted) return false;
    throw error;
  }
}
