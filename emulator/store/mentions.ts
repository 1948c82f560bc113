// The rows addressed to a person (an @handle mention, or any message in a DM they are in), found
// through indexes so the cost follows the page asked for, not the workspace's history: the
// message_mentions table (schema.ts, written by triggers) for @handle, and messages_channel_time
// per DM. Each source yields its rows in the page's order; the page is their merge.
import type { ChannelRecord, MessageRecord } from './records';
import { indexableHandle, mentionToken } from './mention-tokens';
import type { Services } from '../types';

export interface MentionLookup {
  personId: string;
  handle: string;
  /** The rooms the person can read (the access rules stay in access.ts), by id. */
  readable: Map<string, ChannelRecord>;
  /** Strictly after this created_at, when set. */
  since: string | null;
  channelId: string | null;
  order: 'ASC' | 'DESC';
  /** At most this many rows are returned; `hasMore` says whether another one exists. */
  limit: number;
}

export function mentionPattern(handle: string): RegExp {
  const escaped = handle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\w@.])@${escaped}(?![\\w-])`, 'i');
}

export function findAddressed(svc: Services, q: MentionLookup): { rows: MessageRecord[]; hasMore: boolean } {
  const pattern = mentionPattern(q.handle);
  const wanted = q.limit + 1;
  const accepts = (m: MessageRecord, viaDm: boolean): boolean => {
    const channel = q.readable.get(m.channel_id);
    if (!channel || (q.channelId && m.channel_id !== q.channelId)) return false;
    if (m.author_kind === 'person' && m.author_id === q.personId) return false;
    return viaDm ? channel.kind === 'dm' : pattern.test(m.body);
  };
  const sources: MessageRecord[][] = [take(handleRows(svc, q), (m) => accepts(m, false), wanted)];
  for (const channel of q.readable.values()) {
    if (channel.kind !== 'dm' || (q.channelId && channel.id !== q.channelId)) continue;
    sources.push(take(channelRows(svc, channel.id, q), (m) => accepts(m, true), wanted));
  }
  const byId = new Map<string, MessageRecord>();
  for (const rows of sources) for (const m of rows) byId.set(m.id, m);
  const merged = [...byId.values()].sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
  if (q.order === 'DESC') merged.reverse();
  return { rows: merged.slice(0, q.limit), hasMore: merged.length > q.limit };
}

function take(rows: Iterable<MessageRecord>, keep: (m: MessageRecord) => boolean, n: number): MessageRecord[] {
  const out: MessageRecord[] = [];
  if (n <= 0) return out;
  for (const m of rows) {
    if (!keep(m)) continue;
    out.push(m);
    if (out.length === n) break;
  }
  return out;
}

/** Messages whose body may mention the handle, in the page's order (lazily, so take() stops early). */
function* handleRows(svc: Services, q: MentionLookup): Generator<MessageRecord> {
  const since = q.since ? 'AND t.created_at > ?' : '';
  const params = q.since ? [q.since] : [];
  if (indexableHandle(q.handle)) {
    yield* svc.db
      .prepare(
        `SELECT m.* FROM message_mentions t JOIN messages m ON m.id = t.message_id
         WHERE t.token = ? ${since} ORDER BY t.created_at ${q.order}`,
      )
      .iterate(mentionToken(q.handle), ...params) as IterableIterator<MessageRecord>;
    return;
  }
  // A handle with whitespace or '@' in it, or a very long one, has no token: scan the bodies.
  yield* svc.db
    .prepare(`SELECT * FROM messages t WHERE t.body LIKE ? ${since} ORDER BY t.created_at ${q.order}`)
    .iterate(`%@${q.handle}%`, ...params) as IterableIterator<MessageRecord>;
}

/** Every message of one channel (threads included), in the page's order. */
function* channelRows(svc: Services, channelId: string, q: MentionLookup): Generator<MessageRecord> {
  const since = q.since ? 'AND created_at > ?' : '';
  yield* svc.db
    .prepare(`SELECT * FROM messages WHERE channel_id = ? ${since} ORDER BY created_at ${q.order}`)
    .iterate(channelId, ...(q.since ? [q.since] : [])) as IterableIterator<MessageRecord>;
}

const INDEXED_KEY = 'message_mentions_indexed';

/** Marks the store's messages as indexed (a fixture load: the triggers indexed every row). */
export function markMentionsIndexed(svc: Services): void {
  svc.setMeta(INDEXED_KEY, true);
}

/**
 * A --data file written before message_mentions existed: index its messages once. Rows the triggers
 * already wrote are kept (INSERT OR IGNORE), so an interrupted run is simply done again.
 */
export function indexMentionsOnce(svc: Services): void {
  if (svc.getMeta<boolean>(INDEXED_KEY) === true) return;
  svc.transaction(() => {
    svc.db.exec(`INSERT OR IGNORE INTO message_mentions (token, created_at, message_id)
      SELECT j.value, m.created_at, m.id FROM messages m, json_each(wsc_mention_tokens(m.body)) j WHERE instr(m.body, '@') > 0`);
    markMentionsIndexed(svc);
  });
}
