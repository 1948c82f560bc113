// GET /me/mentions: messages addressed to the person (an @handle mention, or any message in a DM
// they are in), newest first, with a long-poll (wait_ms) that answers the moment one arrives.
import { MentionsQuerySchema, MentionsResponseSchema } from '../../shared/contract';
import { LIMITS, PATHS, type MentionRow, type Message } from '../../shared/contract';
import { readableChannels, requireReadableChannel } from '../access';
import { ok } from '../dispatch';
import type { BusEvents } from '../bus';
import { findAddressed, indexMentionsOnce, markMentionsIndexed, mentionPattern } from '../store/mentions';
import { toWireMessages } from '../store/messages';
import type { ChannelRecord, MessageRecord } from '../store/records';
import { route } from '../route';
import type { AuthContext, EmulatorModule, Services } from '../types';
import { timestampParameter } from '../validate';
import { MentionWaiters } from './mention-waiters';
import { EARLY_POLL_MS, shortLimit } from '../variants';

type MentionsAnswer = { mentions: MentionRow[]; hasMore: boolean };

interface Query {
  since: string | null;
  channelId: string | null;
  limit: number;
}

function contextOf(svc: Services, m: MessageRecord): MessageRecord[] {
  const n = LIMITS.mentionContext;
  if (m.parent_id) {
    const replies = svc.db
      .prepare('SELECT * FROM messages WHERE parent_id = ? AND created_at < ? ORDER BY created_at DESC LIMIT ?')
      .all(m.parent_id, m.created_at, n) as MessageRecord[];
    const root = replies.length < n ? (svc.db.prepare('SELECT * FROM messages WHERE id = ?').get(m.parent_id) as MessageRecord | undefined) : undefined;
    return [...(root ? [root] : []), ...replies.reverse()];
  }
  const before = svc.db
    .prepare('SELECT * FROM messages WHERE channel_id = ? AND parent_id IS NULL AND created_at < ? ORDER BY created_at DESC LIMIT ?')
    .all(m.channel_id, m.created_at, n) as MessageRecord[];
  return before.reverse();
}

/** The addressed rows per design.md: newest first; with `since`, the `limit` rows just after it. */
export function findMentions(svc: Services, me: AuthContext, q: Query): MentionsAnswer {
  const readable = new Map<string, ChannelRecord>();
  for (const c of readableChannels(svc, me)) if (!q.channelId || c.id === q.channelId) readable.set(c.id, c);
  if (readable.size === 0) return { mentions: [], hasMore: false };
  // The spec's "newest first" leaves open which rows a full page after `since` holds: the default
  // takes the oldest (so resuming loses nothing); newest-mentions takes the newest.
  const order = q.since && !svc.variant.has('newest-mentions') ? 'ASC' : 'DESC';
  const limit = shortLimit(svc.variant, q.limit);
  const found = findAddressed(svc, { personId: me.personId, handle: me.handle, readable, since: q.since, channelId: q.channelId, order, limit });
  const picked = order === 'ASC' ? found.rows.reverse() : found.rows;
  const wire = toWireMessages(svc, picked);
  const mentions = picked.map((m, i): MentionRow => ({
    ...(wire[i] as Message),
    reason: readable.get(m.channel_id)?.kind === 'dm' ? 'dm' : 'mention',
    context: toWireMessages(svc, contextOf(svc, m)),
  }));
  return { mentions, hasMore: found.hasMore };
}

// The held polls of each running service (a test process may run several services).
const waitersOf = new WeakMap<Services, MentionWaiters>();

// Every held long-poll hears the same message.posted event; polls of one person with the same
// query share one lookup per event instead of each running it (1,000 held polls, one query).
const answersPerEvent = new WeakMap<object, Map<string, MentionsAnswer>>();
function answerForEvent(event: object, me: AuthContext, q: Query, look: () => MentionsAnswer): MentionsAnswer {
  let answers = answersPerEvent.get(event);
  if (!answers) answersPerEvent.set(event, (answers = new Map()));
  const key = JSON.stringify([me.personId, q.since, q.channelId, q.limit]);
  let answer = answers.get(key);
  if (!answer) answers.set(key, (answer = look()));
  return answer;
}

export const mentionsModule: EmulatorModule = {
  name: 'mentions',
  loadFixture: (svc) => markMentionsIndexed(svc),
  start: (svc) => {
    indexMentionsOnce(svc);
    const waiters = new MentionWaiters(svc);
    waitersOf.set(svc, waiters);
    const off = svc.bus.on('message.posted', (event) => waiters.posted(event));
    return () => {
      off();
      waitersOf.delete(svc);
    };
  },
  routes: [
    route({
      method: 'GET',
      path: PATHS.mentions(),
      summary: 'Messages addressed to the person, newest first (long-poll with wait_ms)', tag: 'me', query: MentionsQuerySchema, queryDefaults: { limit: LIMITS.mentionsDefault, wait_ms: 0 }, answer: { schema: MentionsResponseSchema },
      handler: async (ctx) => {
        const { svc } = ctx;
        const me = ctx.who();
        const since = timestampParameter('since', ctx.query.since);
        const channelId = ctx.query.channel_id ?? null;
        if (channelId) requireReadableChannel(svc, me, channelId);
        const { limit } = ctx.query;
        const waitMs = Math.min(ctx.query.wait_ms, LIMITS.waitMsMax, svc.variant.has('early-polls') ? EARLY_POLL_MS : Infinity);
        const q: Query = { since, channelId, limit };
        const first = findMentions(svc, me, q);
        if (first.mentions.length > 0 || waitMs === 0) return ok(first);
        // Hold until an addressed message arrives, the wait ends, or the client leaves.
        const pattern = mentionPattern(me.handle);
        const result = await new Promise<MentionsAnswer>((resolve) => {
          const finish = (value: MentionsAnswer) => {
            clearTimeout(timer);
            off();
            offReset();
            ctx.signal.removeEventListener('abort', onAbort);
            resolve(value);
          };
          const onAbort = () => finish({ mentions: [], hasMore: false });
          const timer = setTimeout(() => finish({ mentions: [], hasMore: false }), waitMs);
          const wake = (event: BusEvents['message.posted']) => {
            const { message, channel } = event;
            if (channelId && channel.id !== channelId) return;
            if (message.author.kind === 'person' && message.author.id === me.personId) return;
            if (channel.kind !== 'dm' && !pattern.test(message.body)) return;
            const rows = answerForEvent(event, me, q, () => findMentions(svc, me, q));
            if (rows.mentions.length > 0) finish(rows);
          };
          const waiters = waitersOf.get(svc);
          const off = waiters ? waiters.add({ personId: me.personId, handle: me.handle, wake }) : svc.bus.on('message.posted', wake);
          const offReset = svc.bus.on('state.reset', () => finish({ mentions: [], hasMore: false }));
          ctx.signal.addEventListener('abort', onAbort);
        });
        return ok(result);
      },
    }),
  ],
};
