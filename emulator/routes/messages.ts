// Channel messages (read + post), threads, message edits, message links and search.
import { EditMessageInputSchema, EditMessageResultSchema, MessageLinkQuerySchema, MessageLinkResultSchema, MessagesPageSchema, MessagesQuerySchema, PostMessageInputSchema, PostMessageResultSchema, SearchQuerySchema, SearchResponseSchema, ThreadQuerySchema, ThreadSchema } from '../../shared/contract';
import { LIMITS, PATHS, parseMessageLink, type MessageLinkResult, type MessagesQuery } from '../../shared/contract';
import { canRead, channelHasGuest, getChannel, readableChannels, requireReadableChannel, type Reader } from '../access';
import { created, ok } from '../dispatch';
import { conflict, invalidRequest, notFound, permissionRequired } from '../errors';
import { toWireChannel } from '../store/channels';
import { findMessage, postMessage, toWireMessage, toWireMessages } from '../store/messages';
import { pageMessages, type PageRequest } from '../store/paging';
import type { MessageRecord } from '../store/records';
import { route } from '../route';
import type { EmulatorModule, Services } from '../types';
import { likePattern, timestampParameter } from '../validate';

/** A window of messages or replies (the same parameters; limit defaulted and capped by dispatch). */
function pageRequest(query: MessagesQuery & { limit: number }): PageRequest {
  const before = timestampParameter('before', query.before);
  const after = timestampParameter('after', query.after);
  if (before && after) throw invalidRequest('Send either before or after, not both.', 'Use before to page older messages and after to read forward.');
  return { limit: query.limit, before, after };
}

/** The message when its channel is readable, else 404 (same answer for missing and hidden). */
function readableMessage(svc: Services, reader: Reader, id: string): MessageRecord {
  const m = findMessage(svc, id);
  const channel = m ? getChannel(svc, m.channel_id) : null;
  if (!m || !channel || !canRead(svc, reader, channel)) throw notFound('Message');
  return m;
}

export const messagesModule: EmulatorModule = {
  name: 'messages',
  routes: [
    route({
      method: 'GET',
      path: PATHS.channelMessages(':id'),
      summary: 'Top-level messages, oldest first', tag: 'messages', params: { id: 'Channel id' }, query: MessagesQuerySchema, queryDefaults: { limit: LIMITS.messagesDefault }, answer: { schema: MessagesPageSchema },
      handler: (ctx) => {
        const { svc } = ctx;
        const channel = requireReadableChannel(svc, ctx.who(), ctx.params.id ?? '');
        const page = pageMessages(svc, 'channel_id = ? AND parent_id IS NULL', [channel.id], pageRequest(ctx.query));
        const showRunGraph = !channelHasGuest(svc, channel.id);
        return ok({ messages: toWireMessages(svc, page.records, { showRunGraph }), hasMore: page.hasMore, cursor: page.cursor });
      },
    }),
    route({
      method: 'POST',
      path: PATHS.channelMessages(':id'),
      summary: 'Post a message or a thread reply', tag: 'messages', params: { id: 'Channel id' }, body: PostMessageInputSchema, answer: { status: 201, schema: PostMessageResultSchema }, errors: [409],
      handler: (ctx) => {
        const { svc } = ctx;
        const me = ctx.who();
        const channel = requireReadableChannel(svc, me, ctx.params.id ?? '');
        const { body: text, parent_id: parentId } = ctx.body;
        if (channel.archived) throw conflict('The channel is archived.', 'Restore the channel (restore_channel) before posting in it.');
        const { message } = postMessage(svc, {
          channelId: channel.id,
          authorId: me.personId,
          authorKind: me.memberKind ?? 'person',
          body: text,
          parentId: parentId ?? null,
          via: me.clientName ?? 'api',
        });
        return created({ id: message.id, url: message.url });
      },
    }),
    route({
      method: 'GET',
      path: PATHS.thread(':id'),
      summary: 'A thread root and its replies, oldest first', tag: 'messages', params: { id: 'Root message id (or the id of a reply)' }, query: ThreadQuerySchema, queryDefaults: { limit: LIMITS.repliesDefault }, answer: { schema: ThreadSchema },
      handler: (ctx) => {
        const { svc } = ctx;
        const found = readableMessage(svc, ctx.who(), ctx.params.id ?? '');
        const root = found.parent_id ? findMessage(svc, found.parent_id) : found;
        if (!root) throw notFound('Thread');
        const page = pageMessages(svc, 'parent_id = ?', [root.id], pageRequest(ctx.query));
        const showRunGraph = !channelHasGuest(svc, root.channel_id);
        return ok({
          root: toWireMessage(svc, root, { showRunGraph }),
          replies: toWireMessages(svc, page.records, { showRunGraph }),
          hasMore: page.hasMore,
          cursor: page.cursor,
        });
      },
    }),
    route({
      method: 'PATCH',
      path: PATHS.message(':id'),
      summary: "Edit one of the person's own messages", tag: 'messages', params: { id: 'Message id' }, body: EditMessageInputSchema, answer: { schema: EditMessageResultSchema }, errors: [409],
      confirmation: true,
      handler: (ctx) => {
        const { svc } = ctx;
        const me = ctx.who();
        const m = readableMessage(svc, me, ctx.params.id ?? '');
        const { body: text } = ctx.body;
        if (m.author_kind !== 'person' || m.author_id !== me.personId) {
          throw permissionRequired('Only your own messages can be edited.', 'Post a reply instead, or ask the author to edit it.');
        }
        const channel = getChannel(svc, m.channel_id);
        if (!channel) throw notFound('Message');
        if (channel.archived) throw conflict('The channel is archived.', 'Restore the channel (restore_channel) before editing in it.');
        const editedAt = svc.nextTimestamp();
        svc.db.prepare('UPDATE messages SET body = ?, edited_at = ? WHERE id = ?').run(text, editedAt, m.id);
        svc.bus.emit('message.edited', { message: toWireMessage(svc, { ...m, body: text, edited_at: editedAt }), channel });
        return ok({ ok: true, id: m.id, edited_at: editedAt });
      },
    }),
    route({
      method: 'GET',
      path: PATHS.messageLink(),
      summary: 'The message, thread or channel a copied URL names', tag: 'messages', query: MessageLinkQuerySchema, answer: { schema: MessageLinkResultSchema }, errors: [404],
      handler: (ctx) => {
        const { svc } = ctx;
        const me = ctx.who();
        const link = parseMessageLink(ctx.query.url);
        if (!link) throw invalidRequest('url is not a message, thread or channel link.', 'Copy the link from a message (…/w/{workspace}/c/{channel}[/m/{id} | /t/{id}]).');
        if (link.workspaceId !== svc.workspace().id) throw notFound('The linked channel', 'The link belongs to another workspace; use a token of that workspace.');
        const channel = requireReadableChannel(svc, me, link.channelId);
        const targetId = link.messageId ?? link.threadRootId;
        let message: MessageRecord | null = null;
        let root: MessageRecord | null = null;
        if (targetId) {
          message = findMessage(svc, targetId);
          if (!message || message.channel_id !== channel.id) throw notFound('Message');
          if (link.threadRootId && message.parent_id) throw notFound('Thread');
          root = message.parent_id ? findMessage(svc, message.parent_id) : link.threadRootId ? message : null;
        }
        const result: MessageLinkResult = {
          channel: toWireChannel(svc, channel, me.personId),
          message: message ? toWireMessage(svc, message) : null,
          root: root ? toWireMessage(svc, root) : null,
        };
        return ok(result);
      },
    }),
    route({
      method: 'GET',
      path: PATHS.search(),
      summary: 'Contains-match search over readable messages, newest first', tag: 'messages', query: SearchQuerySchema, queryDefaults: { limit: LIMITS.searchDefault }, answer: { schema: SearchResponseSchema },
      handler: (ctx) => {
        const { svc } = ctx;
        const q = ctx.query.q.trim();
        if (q.length < LIMITS.searchMinChars) throw invalidRequest(`q must have at least ${LIMITS.searchMinChars} characters.`, 'Search for a longer word or phrase.');
        const { limit } = ctx.query;
        const ids = readableChannels(svc, ctx.who()).map((c) => c.id);
        if (ids.length === 0) return ok({ hits: [] });
        // The readable rooms go in as one JSON parameter: a placeholder each would pass SQLite's
        // variable cap for a person in tens of thousands of rooms.
        const rows = svc.db
          .prepare(`SELECT * FROM messages WHERE channel_id IN (SELECT value FROM json_each(?)) AND body LIKE ? ESCAPE '\\' ORDER BY created_at DESC LIMIT ?`)
          .all(JSON.stringify(ids), likePattern(q), limit) as MessageRecord[];
        return ok({ hits: toWireMessages(svc, rows) });
      },
    }),
  ],
};
