import { LIMITS, PATHS, type Identity, type MentionsQuery, type MentionsResponse, type WakeCoordinates } from '../contract';
import type { Executor } from '../http/executor';
import type { CallOptions } from '../http/types';
import { checkMentions } from './page-shape';

/** Extra time a long-poll attempt gets beyond its wait_ms before it counts as timed out. */
export const LONG_POLL_GRACE_MS = 15_000;

export function me(api: Executor, opts?: CallOptions): Promise<Identity> {
  return api.send({ method: 'GET', path: PATHS.me(), opts });
}

export async function mentions(api: Executor, q: MentionsQuery, opts?: CallOptions): Promise<MentionsResponse> {
  const waitMs = q.wait_ms === undefined ? undefined : Math.min(Math.max(0, q.wait_ms), LIMITS.waitMsMax);
  const path = PATHS.mentions();
  const data = await api.send({
    method: 'GET',
    path,
    query: { since: q.since, channel_id: q.channel_id, wait_ms: q.wait_ms, limit: q.limit },
    opts,
    timeoutMs: waitMs === undefined ? undefined : waitMs + LONG_POLL_GRACE_MS,
  });
  return checkMentions(data, path);
}

export function wake(api: Executor, opts?: CallOptions): Promise<WakeCoordinates> {
  return api.send({ method: 'GET', path: PATHS.wake(), opts });
}
