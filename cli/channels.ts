// `wsc channels`: the channels and DMs the person can read (from the offline cache with --offline
// or when the service cannot be reached).
import type { Channel } from '../shared/index';
import { noExtraPositionals, parseArgs } from './args';
import { roomLabel } from '../shared/index';
import { withClient } from '../term/connect';
import { readLiveOrCached } from '../term/offline-cache';
import { roomReader } from '../term/room-reader';
import { createOutput, padSafe, safe, term } from './output';

export async function runChannels(argv: string[]): Promise<number> {
  const args = parseArgs('channels', argv, { booleans: ['offline'] });
  noExtraPositionals(args, 0, 'channels');
  const out = createOutput();
  const offline = args.flags.offline === true;
  return withClient(args, async ({ client, connection }) => {
    const warn = (line: string) => out.note(safe(line));
    // Asked beside the list (once per token, then remembered); not waited for when the list came from the cache.
    const askReader = new AbortController();
    const reader = args.json ? Promise.resolve(undefined) : roomReader(client, connection, { offline, signal: askReader.signal });
    try {
      const read = await readLiveOrCached<Channel[]>({ offline, warn, what: 'the channel list', connection }, () => client.channels(), (cache) => cache.get<Channel[]>('channels'));
      const channels = read.value;
      if (read.cached) askReader.abort();
      const self = read.cached ? await roomReader(client, connection, { offline: true }) : await reader;
      if (args.json) {
        out.json(read.cached ? { channels, cached: read.cached } : { channels });
        return 0;
      }
      if (channels.length === 0) out.line(term`No channels you can read.`);
      const width = Math.min(32, Math.max(4, ...channels.map((c) => safe(c.name).length + 1)));
      for (const c of channels) {
        const name = safe(roomLabel(c, self));
        const marks = [c.kind === 'dm' ? 'dm' : '', c.private ? 'private' : '', c.archived ? 'archived' : '', c.is_member ? '' : 'not joined'].filter(Boolean).join(', ');
        out.line(term`${padSafe(name, width + 1)} ${out.dim(safe(c.id))}${marks ? term`  ${out.dim(safe(marks))}` : ''}`);
      }
      return 0;
    } finally {
      askReader.abort();
    }
  });
}
