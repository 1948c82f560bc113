// How a room is named to the person reading it, the same in every face. A DM's name lists every
// member ("Alice Chen, Bob Martínez"); the reader sees the others only. A leaf with no runtime
// imports: the webview scripts in media/ use it too.
import type { Channel } from '../contract';

/**
 * Who reads a room's name: their display name, or their name and handle (a DM named by handles,
 * `maria-mike`, is then named by the other one too).
 */
export type RoomReader = string | { readonly name: string; readonly handle?: string };

/** A DM's members other than the reader; the whole name when that would leave nobody. */
export function dmPartnersName(name: string, reader?: RoomReader): string {
  const self = (typeof reader === 'string' ? reader : reader?.name)?.trim();
  const handle = typeof reader === 'object' ? reader.handle?.trim() : undefined;
  const members = name.split(', ');
  const others = members.filter((member) => member.trim() !== self && (handle === undefined || member.trim() !== handle));
  if (others.length === 0) return name;
  if (members.length === 1 && handle) return withoutHandle(name, handle);
  return others.join(', ');
}

/** `maria-mike` read by maria is `mike` (and `mike-maria` too); any other name stays as it is. */
function withoutHandle(name: string, handle: string): string {
  if (name.length > handle.length + 1 && name.startsWith(`${handle}-`)) return name.slice(handle.length + 1);
  if (name.length > handle.length + 1 && name.endsWith(`-${handle}`)) return name.slice(0, name.length - handle.length - 1);
  return name;
}

/** A room's name without a leading #: a channel's own name, a DM's other members. */
export function roomName(channel: Pick<Channel, 'kind' | 'name'>, reader?: RoomReader): string {
  return channel.kind === 'dm' ? dmPartnersName(channel.name, reader) : channel.name;
}

/**
 * A room as every face shows it in a label or running text: `#general`, or a DM as `@` and the
 * others in it (`@Bob Martínez`). Without a reader (a face that has not asked who is reading) a
 * DM lists all its members. Plain text: a terminal face sanitises it before printing.
 */
export function roomLabel(channel: Pick<Channel, 'kind' | 'name'>, reader?: RoomReader): string {
  return `${channel.kind === 'dm' ? '@' : '#'}${roomName(channel, reader)}`;
}
