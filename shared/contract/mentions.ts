// GET /me/mentions.

import { LIMITS } from './limits';
import { messageFields, MessageSchema } from './messages';
import { id, limitParameter, queryParameters, ref, stringEnum, Type, type Static } from './schema-kit';
import { MENTION_REASONS } from './values';

export const MentionRowSchema = Type.Object(
  {
    ...messageFields,
    reason: stringEnum(MENTION_REASONS),
    context: Type.Array(ref(MessageSchema), { maxItems: LIMITS.mentionContext, description: 'Up to 5 preceding messages, oldest first.' }),
  },
  { $id: 'MentionRow' },
);
export type MentionRow = Static<typeof MentionRowSchema>;

export const MentionsQuerySchema = queryParameters(
  {
    since: Type.Optional(
      Type.String({ minLength: 1, maxLength: LIMITS.timestampMax, description: 'Strictly after; pass the newest handled created_at exactly as the server wrote it.' }),
    ),
    channel_id: Type.Optional(id()),
    wait_ms: Type.Optional(Type.Integer({ minimum: 0, description: `Long-poll hold, capped at ${LIMITS.waitMsMax}.` })),
    limit: Type.Optional(limitParameter(LIMITS.mentionsDefault, LIMITS.mentionsMax)),
  },
  { $id: 'MentionsQuery' },
);
export type MentionsQuery = Static<typeof MentionsQuerySchema>;

/**
 * Newest first. With `since`, the window is the `limit` rows just after `since` (so nothing is
 * skipped); `hasMore` (ours) says more rows after `since` exist beyond this window.
 */
export const MentionsResponseSchema = Type.Object(
  { mentions: Type.Array(ref(MentionRowSchema)), hasMore: Type.Optional(Type.Boolean()) },
  { $id: 'MentionsResponse' },
);
export type MentionsResponse = Static<typeof MentionsResponseSchema> & {
  /**
   * (client-side) More rows exist after `since` than the service would send at once, and it sent
   * the newest: the rows just after `since` were not received. Callers say so instead of skipping.
   */
  truncated?: boolean;
};
