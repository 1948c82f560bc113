// How a room is named to the person reading it, the same in every face. A DM's name lists every
// member ("Alice Chen, Bob Martínez"); the reader sees the others only. A leaf with no runtime
// imports: the webview scripts in media/ use it too.
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

/**
 * A room as every face shows it in a label or running text: `#general`, or a DM as `@` and the
 * others in it (`@Bob Martínez`). Without `selfName` (a face that has not asked who is reading) a
 * DM lists all its members. Plain text: a terminal face sanitises it before printing.
 */
export function roomLabel(channel: Pick<Channel, 'kind' | 'name'>, selfName?: string): string {
  return `${channel.kind === 'dm' ? '@' : '#'}${roomName(channel, selfName)}`;
}
