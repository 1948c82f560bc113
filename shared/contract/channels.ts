// Channels and DMs.

import { nullable, ref, stringEnum, Type, type Static } from './schema-kit';
import { CHANNEL_KINDS } from './values';

export const ChannelSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    kind: stringEnum(CHANNEL_KINDS),
    private: Type.Boolean(),
    archived: Type.Boolean(),
    room_icon: nullable(Type.String(), { description: '`emoji:<glyph>[:#rrggbb]`, `icon:<name>[:#rrggbb]` or null for the default' }),
    is_member: Type.Boolean({ description: '(ours) whether the person is a member (public channels are readable without joining)' }),
    last_message_at: nullable(Type.String(), { description: '(ours) created_at of the newest top-level message or reply, null when empty' }),
  },
  { $id: 'Channel' },
);
export type Channel = Static<typeof ChannelSchema>;

export const ChannelsResponseSchema = Type.Object({ channels: Type.Array(ref(ChannelSchema)) }, { $id: 'ChannelsResponse' });
export type ChannelsResponse = Static<typeof ChannelsResponseSchema>;
