// How a room is named to the person reading it, the same in every face. A DM's name lists every
// member ("Alice Chen, Bob Martínez"); the reader sees the others only.
import type { Channel } from '../contract';

/** A DM's members other than `selfName`; the whole name when that would leave nobody. */
export function dmPartnersName(name: string, selfName?: string): string {
  const self = selfName?.trim();
  const others = name.split(', ').filter((member) => member.trim() !== self);
  return others.length > 0 ? others.join(', ') : name;
}

/** A room's name without a leading #: a channel's own name, a DM's other members. */
export function roomName(channel: Pick<Channel, 'kind' | 'name'>, selfName?: string): string {
  return channel.kind === 'dm' ? dmPartnersName(channel.name, selfName) : channel.name;
}
