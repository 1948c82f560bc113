// Channels and DMs.

export type ChannelKind = 'channel' | 'dm';

export interface Channel {
  id: string;
  name: string;
  description: string;
  kind: ChannelKind;
  private: boolean;
  archived: boolean;
  /** `emoji:<glyph>[:#rrggbb]`, `icon:<name>[:#rrggbb]` or null for the default. */
  room_icon: string | null;
  /** (ours) whether the person is a member (public channels are readable without joining). */
  is_member: boolean;
  /** (ours) created_at of the newest top-level message or reply, null when empty. */
  last_message_at: string | null;
}

export interface ChannelsResponse {
  channels: Channel[];
}
