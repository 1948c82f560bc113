// (ours) GET /message-link: what a message, thread or channel link points at.

import { ChannelSchema } from './channels';
import { LIMITS } from './limits';
import { MessageSchema } from './messages';
import { nullable, queryParameters, ref, Type, type Static } from './schema-kit';

/** (ours) GET /message-link: the channel, and the message with its thread root when the URL names one. */
export const MessageLinkResultSchema = Type.Object(
  {
    channel: ref(ChannelSchema),
    message: nullable(ref(MessageSchema)),
    root: nullable(ref(MessageSchema), { description: 'The thread root when the message is a reply or the URL names a thread.' }),
  },
  { $id: 'MessageLinkResult' },
);
export type MessageLinkResult = Static<typeof MessageLinkResultSchema>;

export const MessageLinkQuerySchema = queryParameters(
  { url: Type.String({ minLength: 1, maxLength: LIMITS.urlMax, description: 'A message, thread or channel link.' }) },
  { $id: 'MessageLinkQuery' },
);
export type MessageLinkQuery = Static<typeof MessageLinkQuerySchema>;
