// Shared checks of the channel-domain routes.
import { requireReadableChannel } from '../access';
import { invalidRequest, permissionRequired } from '../errors';
import type { ChannelRecord } from '../store/records';
import type { RequestContext } from '../types';

/** The channel when the caller can read it (404 otherwise); guests are refused these settings. */
export function settingsChannel(ctx: RequestContext): ChannelRecord {
  const who = ctx.who();
  const channel = requireReadableChannel(ctx.svc, { personId: who.personId, role: who.role }, ctx.params.id ?? '');
  if (who.role === 'guest') throw permissionRequired("Guests cannot see a channel's settings.", 'Ask a workspace member or admin.');
  return channel;
}

export function objectBody(ctx: RequestContext, allowed: readonly string[], example: string): Record<string, unknown> {
  const body = ctx.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidRequest('The body must be a JSON object.', `Send ${example}.`);
  const extra = Object.keys(body).find((k) => !allowed.includes(k));
  if (extra) throw invalidRequest(`Unknown key '${extra}'.`, `Send ${example}.`);
  return body as Record<string, unknown>;
}
