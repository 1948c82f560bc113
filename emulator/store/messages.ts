// Messages: stored rows -> wire shape, and posting (used by the REST route, automations and the
// demo agent alike, so every post emits the same `message.posted` event).
import { messageUrl, type Author, type Message, type RunGraph } from '../../shared/contract';
import { channelHasGuest, getChannel } from '../access';
import { notFound } from '../errors';
import type { Services } from '../types';
import type { ChannelRecord, MessageRecord } from './records';

export function findMessage(svc: Services, id: string): MessageRecord | null {
  return (svc.db.prepare('SELECT * FROM messages WHERE id = ?').get(id) as MessageRecord | undefined) ?? null;
}

export function authorOf(svc: Services, id: string, kind: 'person' | 'agent'): Author {
  const table = kind === 'agent' ? 'agents' : 'people';
  const row = svc.db.prepare(`SELECT name, handle FROM ${table} WHERE id = ?`).get(id) as { name: string; handle: string } | undefined;
  return { id, kind, name: row?.name ?? 'Former member', handle: row?.handle ?? 'former-member' };
}

export interface WireOptions {
  /** Whether runGraph may be shown (false when the room contains a guest). Computed when absent. */
  showRunGraph?: boolean;
  /** The records were just written: none has replies yet (saves the count query on a post). */
  fresh?: boolean;
}

export function toWireMessage(svc: Services, m: MessageRecord, options: WireOptions = {}): Message {
  return toWireMessages(svc, [m], options)[0] as Message;
}

/**
 * A page of records -> wire messages with one query per page for reply counts and one lookup per
 * distinct author, rather than three or four queries per message.
 */
export function toWireMessages(svc: Services, records: readonly MessageRecord[], options: WireOptions = {}): Message[] {
  if (records.length === 0) return [];
  const replies = options.fresh ? new Map<string, number>() : replyCounts(svc, records.filter((m) => !m.parent_id).map((m) => m.id));
  const authors = new Map<string, Author>();
  const guests = new Map<string, boolean>();
  const baseUrl = svc.baseUrl();
  const workspaceId = svc.workspace().id;
  return records.map((m) => {
    const authorKey = `${m.author_kind}:${m.author_id}`;
    let author = authors.get(authorKey);
    if (!author) authors.set(authorKey, (author = authorOf(svc, m.author_id, m.author_kind)));
    const message: Message = {
      id: m.id,
      channel_id: m.channel_id,
      parent_id: m.parent_id,
      author,
      body: m.body,
      created_at: m.created_at,
      edited_at: m.edited_at,
      via: m.via,
      reply_count: replies.get(m.id) ?? 0,
      url: messageUrl(baseUrl, workspaceId, m.channel_id, m.id),
      run_id: m.run_id,
    };
    if (m.run_graph) {
      let show = options.showRunGraph;
      if (show === undefined) {
        show = guests.get(m.channel_id);
        if (show === undefined) guests.set(m.channel_id, (show = !channelHasGuest(svc, m.channel_id)));
      }
      if (show) message.runGraph = JSON.parse(m.run_graph) as RunGraph;
    }
    return message;
  });
}

function replyCounts(svc: Services, rootIds: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  if (rootIds.length === 0) return counts;
  // One JSON parameter, not a placeholder per id (SQLite caps the number of variables).
  const rows = svc.db
    .prepare('SELECT parent_id AS id, COUNT(*) AS n FROM messages WHERE parent_id IN (SELECT value FROM json_each(?)) GROUP BY parent_id')
    .all(JSON.stringify(rootIds)) as { id: string; n: number }[];
  for (const row of rows) counts.set(row.id, row.n);
  return counts;
}

export interface PostInput {
  channelId: string;
  authorId: string;
  authorKind: 'person' | 'agent';
  body: string;
  parentId?: string | null;
  /** Client name for the 'via' marker. */
  via?: string | null;
  runGraph?: RunGraph | null;
  runId?: string | null;
  /** Set when an automation posts; carried on the bus event so automations do not loop. */
  viaAutomation?: string;
}

/**
 * Stores a message and emits `message.posted` (after commit). A reply's parent must be a top-level
 * message of the same channel (a reply to a reply goes to that reply's root). Runs in a transaction.
 */
export function postMessage(svc: Services, input: PostInput): { message: Message; channel: ChannelRecord } {
  return svc.transaction(() => {
    const channel = getChannel(svc, input.channelId);
    if (!channel) throw notFound('Channel');
    let parentId: string | null = null;
    if (input.parentId) {
      const parent = findMessage(svc, input.parentId);
      if (!parent || parent.channel_id !== channel.id) throw notFound('Thread root', 'parent_id must be the id of a message in this channel.');
      parentId = parent.parent_id ?? parent.id;
    }
    const record: MessageRecord = {
      id: svc.newId(),
      channel_id: channel.id,
      parent_id: parentId,
      author_id: input.authorId,
      author_kind: input.authorKind,
      body: input.body,
      created_at: svc.nextTimestamp(),
      edited_at: null,
      via: input.via ?? null,
      run_graph: input.runGraph ? JSON.stringify(input.runGraph) : null,
      run_id: input.runId ?? null,
    };
    svc.db
      .prepare(
        `INSERT INTO messages (id, channel_id, parent_id, author_id, author_kind, body, created_at, edited_at, via, run_graph, run_id)
         VALUES (@id, @channel_id, @parent_id, @author_id, @author_kind, @body, @created_at, @edited_at, @via, @run_graph, @run_id)`,
      )
      .run(record);
    const message = toWireMessage(svc, record, { fresh: true });
    svc.bus.emit('message.posted', input.viaAutomation ? { message, channel, viaAutomation: input.viaAutomation } : { message, channel });
    return { message, channel };
  });
}
