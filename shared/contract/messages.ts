// Messages and threads.

import { LIMITS } from './limits';
import { RunGraphSchema } from './runs';
import { id, limitParameter, nullable, queryParameters, ref, requestBody, requiredText, stringEnum, timestamp, Type, type Static } from './schema-kit';
import { AUTHOR_KINDS } from './values';

export const AuthorSchema = Type.Object(
  { id: Type.String(), kind: stringEnum(AUTHOR_KINDS), name: Type.String(), handle: Type.String() },
  { $id: 'Author' },
);
export type Author = Static<typeof AuthorSchema>;

/** A message's fields (a mention row adds its own). */
export const messageFields = {
  id: Type.String(),
  channel_id: Type.String(),
  parent_id: nullable(Type.String()),
  author: ref(AuthorSchema),
  body: Type.String({ description: 'Markdown' }),
  created_at: timestamp(),
  edited_at: nullable(Type.String()),
  via: nullable(Type.String(), { description: 'The client name from `x-service-client` when posted through the API, else null.' }),
  reply_count: Type.Integer({ minimum: 0 }),
  url: Type.String(),
  runGraph: Type.Optional(ref(RunGraphSchema)),
  run_id: Type.Optional(nullable(Type.String(), { description: '(ours) run started by this message (an agent reply that started a run), when any' })),
};

export const MessageSchema = Type.Object(messageFields, { $id: 'Message' });
export type Message = Static<typeof MessageSchema>;

export const MessagesPageSchema = Type.Object(
  {
    messages: Type.Array(ref(MessageSchema)),
    hasMore: Type.Boolean(),
    cursor: nullable(Type.String(), { description: 'A created_at value, exclusive; null when the page is empty.' }),
  },
  { $id: 'MessagesPage' },
);
export type MessagesPage = Static<typeof MessagesPageSchema>;

const cursorParameter = (description: string) => Type.String({ minLength: 1, maxLength: LIMITS.timestampMax, description });

export const MessagesQuerySchema = queryParameters(
  {
    limit: Type.Optional(limitParameter(LIMITS.messagesDefault, LIMITS.messagesMax)),
    before: Type.Optional(cursorParameter('Cursor: pages older than this created_at.')),
    after: Type.Optional(cursorParameter('Cursor: reads forward from this created_at.')),
  },
  { $id: 'MessagesQuery' },
);
export type MessagesQuery = Static<typeof MessagesQuerySchema>;

/** GET /threads/{id} takes the same window parameters as a channel's messages. */
export const ThreadQuerySchema = queryParameters(
  {
    limit: Type.Optional(limitParameter(LIMITS.repliesDefault, LIMITS.repliesMax)),
    before: Type.Optional(cursorParameter('Cursor: replies older than this created_at.')),
    after: Type.Optional(cursorParameter('Cursor: replies after this created_at.')),
  },
  { $id: 'ThreadQuery' },
);
export type ThreadQuery = Static<typeof ThreadQuerySchema>;

export const PostMessageInputSchema = requestBody(
  {
    body: requiredText(LIMITS.messageBodyMax, { description: 'Markdown', examples: ['The build is **green** again.'] }),
    parent_id: Type.Optional(id({ description: 'The thread root to reply to.' })),
  },
  { $id: 'PostMessageInput' },
);
export type PostMessageInput = Static<typeof PostMessageInputSchema>;

/** PATCH /messages/{id}. */
export const EditMessageInputSchema = requestBody({ body: requiredText(LIMITS.messageBodyMax, { description: 'Markdown', examples: ['The build is **green** again.'] }) }, { $id: 'EditMessageInput' });
export type EditMessageInput = Static<typeof EditMessageInputSchema>;

export const PostMessageResultSchema = Type.Object({ id: Type.String(), url: Type.String() }, { $id: 'PostMessageResult' });
export type PostMessageResult = Static<typeof PostMessageResultSchema>;

export const EditMessageResultSchema = Type.Object({ ok: Type.Literal(true), id: Type.String(), edited_at: timestamp() }, { $id: 'EditMessageResult' });
export type EditMessageResult = Static<typeof EditMessageResultSchema>;

export const ThreadSchema = Type.Object(
  { root: ref(MessageSchema), replies: Type.Array(ref(MessageSchema)), hasMore: Type.Boolean(), cursor: nullable(Type.String()) },
  { $id: 'Thread' },
);
export type Thread = Static<typeof ThreadSchema>;
