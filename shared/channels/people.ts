// People by name. The API lists people only as channel members, so "everyone" is every member of
// every channel the caller can read, once each.
import type { Channel, Member } from '../contract';
import { authorLabel } from './author-label';

export interface PeopleSource {
  channels(): Promise<Channel[]>;
  members(channelId: string): Promise<Member[]>;
}

/** Every person and agent in the channels you can read (archived ones left out), sorted by name. */
export async function everyone(client: PeopleSource): Promise<Member[]> {
  const channels = (await client.channels()).filter((c) => !c.archived);
  const seen = new Map<string, Member>();
  for (const c of channels) {
    for (const m of await client.members(c.id).catch(() => [] as Member[])) if (!seen.has(m.id)) seen.set(m.id, m);
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** A name for an id ("Dan Developer (@dan)", "[agent]" for agents), or the id when unknown. */
export function personName(people: readonly Member[], id: string): string {
  const m = people.find((p) => p.id === id);
  return m ? authorLabel(m, { withHandle: true }) : id;
}

/** What a person given on a command line (or typed) means: `me`, an id, or a handle or name to look up. */
export type PersonQuery = { kind: 'me' } | { kind: 'id'; id: string } | { kind: 'name'; wanted: string };

const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `me`, an id, `@handle`, a handle or a full or first name (any case). */
export function personQuery(value: string): PersonQuery {
  const v = value.trim();
  if (v === 'me') return { kind: 'me' };
  if (ID_PATTERN.test(v)) return { kind: 'id', id: v };
  return { kind: 'name', wanted: v.replace(/^@/, '').toLowerCase() };
}

/** The members a handle or name means: an exact handle wins; else a full or first name (any case). */
export function matchPeople(people: readonly Member[], wanted: string): Member[] {
  const w = wanted.replace(/^@/, '').toLowerCase();
  const byHandle = people.filter((m) => m.handle.toLowerCase() === w);
  if (byHandle.length > 0) return byHandle;
  return people.filter((m) => m.name.toLowerCase() === w || m.name.toLowerCase().split(/\s+/)[0] === w);
}
