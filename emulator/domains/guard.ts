// Shared checks of the channel-domain routes.
import { requireReadableChannel } from '../access';
import { permissionRequired } from '../errors';
import type { ChannelRecord } from '../store/records';
import type { RequestContext } from '../types';

/** The channel when the caller can read it (404 otherwise); guests are refused these settings. */
export function settingsChannel(ctx: RequestContext): ChannelRecord {
  const who = ctx.who();
  const channel = requireReadableChannel(ctx.svc, { personId: who.personId, role: who.role }, ctx.params.id ?? '');
  if (who.role === 'guest') throw permissionRequired("Guests cannot see a channel's settings.", 'Ask a workspace member or admin.');
  return channel;
}
