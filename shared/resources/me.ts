import { LIMITS, PATHS, type Identity, type MentionsQuery, type MentionsResponse, type WakeCoordinates } from '../contract';
import type { Executor } from '../http/executor';
import type { CallOptions } from '../http/types';
import { checkResponse } from '../validate/check';
import { checkMentions } from './page-shape';

/** Extra time a long-poll attempt gets beyond its wait_ms before it counts as timed out. */
export const LONG_POLL_GRACE_MS = 15_000;

export async function me(api: Executor, opts?: CallOptions): Promise<Identity> {
  const path = PATHS.me();
  return checkResponse('Identity', api.send({ method: 'GET', path, opts }), path, { logger: api.logger });
}

/**
 * Mentions as the spec words them ("newest first"), made safe to resume from: with `since`, a full
 * page is checked for which rows it holds. A service may answer the OLDEST rows after `since` (the
 * next call resumes after them) or the NEWEST (rows between `since` and the page would be skipped
 * for good once the caller moves past them): then it asks again with larger pages until it has
 * every row after `since`, or marks the answer `truncated` so the caller can say so.
 */
export async function mentions(api: Executor, q: MentionsQuery, opts?: CallOptions): Promise<MentionsResponse> {
  if (q.since === undefined) return mentionsOnce(api, q, opts);
  const limit = q.limit ?? LIMITS.mentionsDefault;
  const first = await mentionsOnce(api, { ...q, limit }, opts);
  if (!isFull(first, limit)) return first;
  const newest = first.mentions[0];
  if (!newest) return first;
  // Rows after the page's newest exist: the page was the oldest window (resume continues after it).
  const probe = await mentionsOnce(api, { since: newest.created_at, channel_id: q.channel_id, limit: 1 }, opts);
  if (probe.mentions.length > 0) return first;
  // Nothing after the page: the missing rows are older than it. Ask for everything after `since`.
  for (let size = Math.min(limit * 4, LIMITS.mentionsMax); ; size = Math.min(size * 4, LIMITS.mentionsMax)) {
    if (size <= limit) return { ...first, truncated: true };
    const wider = await mentionsOnce(api, { since: q.since, channel_id: q.channel_id, limit: size }, opts);
    if (!isFull(wider, size)) return wider;
    if (size === LIMITS.mentionsMax) return { ...wider, truncated: true };
  }
}

// A page of `limit` rows, or a shorter one that says more exist (a service may send fewer than asked).
function isFull(answer: MentionsResponse, limit: number): boolean {
  return answer.mentions.length >= limit || answer.hasMore === true;
}

async function mentionsOnce(api: Executor, q: MentionsQuery, opts?: CallOptions): Promise<MentionsResponse> {
  const waitMs = q.wait_ms === undefined ? undefined : Math.min(Math.max(0, q.wait_ms), LIMITS.waitMsMax);
  const path = PATHS.mentions();
  const data = await api.send({
    method: 'GET',
    path,
    // Always an explicit page size: a service's own default may be smaller than what the caller shows.
    query: { since: q.since, channel_id: q.channel_id, wait_ms: q.wait_ms, limit: q.limit ?? LIMITS.mentionsDefault },
    opts,
    timeoutMs: waitMs === undefined ? undefined : waitMs + LONG_POLL_GRACE_MS,
    waitMs,
  });
  return checkMentions(data, path, api.logger);
}

export async function wake(api: Executor, opts?: CallOptions): Promise<WakeCoordinates> {
  const path = PATHS.wake();
  return checkResponse('WakeCoordinates', api.send({ method: 'GET', path, opts }), path, { logger: api.logger });
}
