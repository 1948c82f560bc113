// `wsc mentions [--follow] [--since TS]`: mentions and DMs, oldest first, resumable: the newest
// handled created_at is kept in a cursor file, so the next run starts after it.
import {
  LIMITS,
  accountMentionCursor,
  terminalOfflineRoot,
  PAGED_ENDPOINTS,
  beyondCursor,
  cursorStalled,
  FileCursorStore,
  cursorPath,
  formerCursorPath,
  mentionsOldestFirst,
  startMentionFeed,
  type Channel,
  type Client,
  type CursorStore,
  type MentionRow,
  type Identity,
  NetworkError,
} from '../shared/index';
import { noExtraPositionals, parseArgs } from './args';
import { channelNames } from './channel-lookup';
import { usageError } from '../term/cli-error';
import { withClient } from '../term/connect';
import { cachedMark, readLiveOrCached, type CacheConnection } from '../term/offline-cache';
import { abortOnInterrupt } from './interrupt';
import { isFinalError } from '../shared/index';
import { printMessage } from './message-format';
import { createOutput, safe, type Output, term } from './output';

export async function runMentions(argv: string[]): Promise<number> {
  const args = parseArgs('mentions', argv, { strings: ['since'], booleans: ['follow', 'offline'] });
  noExtraPositionals(args, 0, 'mentions');
  const since = args.values.since;
  if (since !== undefined && Number.isNaN(Date.parse(since))) {
    throw usageError(`mentions: --since needs an ISO timestamp, not '${since}'.`, 'e.g. --since 2026-01-31T09:00:00Z');
  }
  const out = createOutput();
  if (args.flags.offline && args.flags.follow) throw usageError('mentions: --offline shows the cached mentions; --follow needs the service.', 'Drop one of them.');
  return withClient(args, async ({ client, connection }) => {
    let me: Identity;
    try {
      if (args.flags.offline) return await cachedMentions(connection, out, args.json, since);
      me = await client.me();
    } catch (error) {
      // Unreachable: the cached inbox (its position is not moved); nothing cached: the service's error.
      if (args.flags.follow || !(error instanceof NetworkError)) throw error;
      return await cachedMentions(connection, out, args.json, since, error);
    }
    // One position per person and workspace, whichever profile or variable supplied the token.
    // The account's one mention cursor (shared with the terminal UI and VS Code): it only moves
    // forward, so looking back (--since) never makes the next plain run print again what was seen.
    const name = `mentions-${me.workspaceId}-${me.userId}`;
    const account = { serviceUrl: client.baseUrl.replace(/\/+$/, ''), workspaceId: me.workspaceId, userId: me.userId };
    const store = accountMentionCursor(terminalOfflineRoot(), account, { formerStores: [new FileCursorStore<string>(cursorPath(name), formerCursorPath(name))], since });
    const names = new ChannelNames(client, me.name);
    const show = async (row: MentionRow) => {
      if (args.json) return out.json(row);
      printMessage(out, row, `${await names.of(row.channel_id)} ${row.reason === 'dm' ? '(DM)' : '(mention)'}`);
    };
    if (args.flags.follow) await follow(client, store, show, out, args.json);
    else await readOnce(client, store, show, out);
    return 0;
  });
}

/** The mentions inbox the offline cache kept, oldest first (after --since when given); the saved position does not move. */
async function cachedMentions(connection: CacheConnection, out: Output, json: boolean, since: string | undefined, error?: unknown): Promise<number> {
  const read = await readLiveOrCached<{ rows: MentionRow[]; channels: Channel[] }>(
    { offline: error === undefined, warn: (line) => out.note(safe(line)), what: 'your mentions', connection },
    () => Promise.reject(error),
    (cache) => {
      const kept = cache.get<MentionRow[]>('mentions');
      if (!kept) return undefined;
      return { value: { rows: kept.value, channels: cache.get<Channel[]>('channels')?.value ?? [] }, savedAt: kept.savedAt };
    },
  );
  const names = channelNames(read.value.channels);
  const rows = mentionsOldestFirst(read.value.rows).filter((row) => since === undefined || beyondCursor(row.created_at, since, 'newer'));
  for (const row of rows) {
    if (json) out.json({ ...row, ...cachedMark(read) });
    else printMessage(out, row, `${names.get(row.channel_id) ?? row.channel_id} ${row.reason === 'dm' ? '(DM)' : '(mention)'}`);
  }
  if (!json && rows.length === 0) out.line(term`No cached mentions.`);
  return 0;
}

/** Everything after the cursor (or the newest window when there is none), oldest first. */
async function readOnce(client: Client, store: CursorStore<string>, show: (row: MentionRow) => Promise<void>, out: Output): Promise<void> {
  let cursor = await store.load();
  // Without a cursor, hasMore speaks of older rows: the first window is where a new reader starts.
  const fresh = cursor === undefined;
  for (;;) {
    const asked = cursor;
    const response = await client.mentions({ since: asked, limit: LIMITS.mentionsDefault });
    if (response.truncated && asked !== undefined) gapNote(out, asked, response.mentions.length);
    // `since` is strictly after: a row at or before it was shown already.
    const rows = mentionsOldestFirst(response.mentions).filter((row) => beyondCursor(row.created_at, asked, 'newer'));
    for (const row of rows) {
      await show(row);
      cursor = row.created_at;
      await store.save(cursor);
    }
    if (fresh || !response.hasMore || response.mentions.length === 0) return;
    if (cursor === asked) throw cursorStalled(PAGED_ENDPOINTS.mentions, String(asked));
  }
}

async function follow(client: Client, store: CursorStore<string>, show: (row: MentionRow) => Promise<void>, out: Output, json: boolean): Promise<void> {
  const interrupt = abortOnInterrupt();
  const feed = startMentionFeed({ client, cursorStore: store });
  const stop = () => void feed.stop();
  interrupt.signal.addEventListener('abort', stop, { once: true });
  let failure: unknown;
  try {
    if (!json) out.note(term`Following mentions; press Ctrl-C to stop.`);
    for await (const event of feed.watcher.events()) {
      if (event.type === 'mention') await show(event.row);
      else if (event.type === 'gap') gapNote(out, event.since, event.received);
      else if (event.type === 'status' && event.state === 'reconnecting') out.note(term`reconnecting… (${safe(event.detail ?? '')})`);
      else if (event.type === 'unauthorized' || (event.type === 'error' && isFinalError(event.error))) {
        // An answer that cannot get better by asking again (e.g. one without the mentions list) ends the run, as read --follow does.
        failure = event.error;
        break;
      }
    }
  } finally {
    interrupt.signal.removeEventListener('abort', stop);
    interrupt.dispose();
    await feed.stop();
  }
  if (failure !== undefined) throw failure;
}

/** Said on stderr (also under --json): the rows just after `since` could not be received. */
function gapNote(out: Output, since: string, received: number): void {
  out.note(term`more than ${received} mentions since ${safe(since)}; the service sends only the newest at once, so the older ones are not shown (open them in the app)`);
}

/** Channel names for mention headers, fetched once and again when an unknown id shows up. */
class ChannelNames {
  private names: Map<string, string> | null = null;
  constructor(
    private readonly client: Client,
    private readonly selfName?: string,
  ) {}
  async of(id: string): Promise<string> {
    if (this.names === null || !this.names.has(id)) {
      const channels: Channel[] = await this.client.channels().catch(() => []);
      this.names = channelNames(channels, this.selfName);
    }
    return this.names.get(id) ?? id;
  }
}
