// People by name. The API lists people only as channel members, so "everyone" is every member of
// every channel the caller can read, once each.
import type { Channel, Member } from '../contract';

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
  return m ? `${m.name} (@${m.handle})${m.kind === 'agent' ? ' [agent]' : ''}` : id;
}
