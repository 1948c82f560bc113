// A channel named on the command line by id or by name ('#general' and 'general' both work).
import { roomLabel, type Channel, type Client } from '../shared/index';
import { CliError, usageError } from '../term/cli-error';

export async function findChannel(client: Client, given: string): Promise<Channel> {
  const channels = await client.channels();
  return pickChannel(channels, given);
}

export function pickChannel(channels: readonly Channel[], given: string): Channel {
  const wanted = given.replace(/^#/, '');
  const byId = channels.find((c) => c.id === given);
  if (byId) return byId;
  const exact = channels.filter((c) => c.name === wanted);
  const matches = exact.length > 0 ? exact : channels.filter((c) => c.name.toLowerCase() === wanted.toLowerCase());
  if (matches.length === 1 && matches[0]) return matches[0];
  if (matches.length > 1) {
    throw usageError(`More than one channel is named '${wanted}'.`, `Use its id: ${matches.map((c) => c.id).join(', ')}`);
  }
  throw new CliError('not_found', `No channel '${wanted}' that you can read.`, "Run 'wsc channels' to list the channels you can read (by name and id).");
}

/** Room labels by id (`#general`, `@Bob Martínez`), for showing where a message came from. */
export function channelNames(channels: readonly Channel[], selfName?: string): Map<string, string> {
  return new Map(channels.map((c) => [c.id, roomLabel(c, selfName)]));
}
