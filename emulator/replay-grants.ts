// What a mutation's success relied on, kept beside its receipt: the caller's role and the rooms whose
// access check the caller passed. Before a receipt replays, both are checked again (spec: a role
// change takes effect before a saved receipt can replay), so a caller who was demoted or left a
// private room gets the answer a fresh call would get instead of the stored success.
import type { Role } from '../shared/contract';
import { notFound, permissionRequired, type ApiError } from './errors';
import type { AuthContext } from './types';

export interface Grants {
  role: Role;
  channels: string[];
}

const ROLE_RANK: Record<Role, number> = { guest: 0, member: 1, admin: 2, owner: 3 };

let recording: { personId: string; channels: Set<string> } | null = null;

/**
 * Runs a (synchronous) mutation while noting the rooms the caller's access checks passed.
 * Handlers are synchronous, so one module-level recorder cannot interleave between requests.
 */
export function recordingGrants<T>(who: AuthContext, run: () => T): T {
  const outer = recording;
  recording = { personId: who.personId, channels: new Set(outer?.personId === who.personId ? outer.channels : []) };
  try {
    return run();
  } finally {
    recording = outer;
  }
}

/** Called by the access check when `personId` may read `channelId`. */
export function noteReadable(personId: string, channelId: string): void {
  if (recording && recording.personId === personId) recording.channels.add(channelId);
}

/** The grants noted so far in the running mutation (the role alone outside one). */
export function currentGrants(who: AuthContext): Grants {
  const channels = recording && recording.personId === who.personId ? [...recording.channels] : [];
  return { role: who.role, channels };
}

/**
 * The error a replay must answer instead of the stored success, or null when the caller still
 * holds every right the first call relied on. `canReadNow` answers for the caller's current role.
 */
export function lostGrant(who: AuthContext, grants: Grants, canReadNow: (channelId: string) => boolean): ApiError | null {
  if ((ROLE_RANK[who.role] ?? 0) < (ROLE_RANK[grants.role] ?? 0)) {
    return permissionRequired(
      `Your role changed from ${grants.role} to ${who.role} since this request was first made, so its saved answer is not replayed.`,
      'Ask a workspace admin or owner to do it, or to give you your former role back.',
    );
  }
  for (const channelId of grants.channels) {
    if (!canReadNow(channelId)) {
      return notFound('Channel', 'You no longer have access to the channel this request was made in; its saved answer is not replayed.');
    }
  }
  return null;
}
