// GET /me/mentions.

import type { Message } from './messages';

export type MentionReason = 'mention' | 'dm';

export interface MentionRow extends Message {
  reason: MentionReason;
  /** Up to 5 preceding messages, oldest first. */
  context: Message[];
}

export interface MentionsQuery {
  /** Strictly after; pass the newest handled created_at exactly as the server wrote it. */
  since?: string;
  channel_id?: string;
  wait_ms?: number;
  limit?: number;
}

/**
 * Newest first. With `since`, the window is the `limit` rows just after `since` (so nothing is
 * skipped); `hasMore` (ours) says more rows after `since` exist beyond this window.
 */
export interface MentionsResponse {
  mentions: MentionRow[];
  hasMore?: boolean;
  /**
   * (client-side) More rows exist after `since` than the service would send at once, and it sent
   * the newest: the rows just after `since` were not received. Callers say so instead of skipping.
   */
  truncated?: boolean;
}
