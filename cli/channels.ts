// `wsc channels`: the channels and DMs the person can read.
import { noExtraPositionals, parseArgs } from './args';
import { roomLabel } from '../shared/index';
import { connect } from '../term/connect';
import { createOutput, padSafe, safe, term } from './output';

export async function runChannels(argv: string[]): Promise<number> {
  const args = parseArgs('channels', argv);
  noExtraPositionals(args, 0, 'channels');
  const out = createOutput();
  const { client } = await connect(args);
  try {
    const channels = await client.channels();
    if (args.json) {
      out.json({ channels });
      return 0;
    }
    if (channels.length === 0) out.line(term`No channels you can read.`);
    const width = Math.min(32, Math.max(4, ...channels.map((c) => safe(c.name).length + 1)));
    for (const c of channels) {
      const name = safe(roomLabel(c));
      const marks = [c.kind === 'dm' ? 'dm' : '', c.private ? 'private' : '', c.archived ? 'archived' : '', c.is_member ? '' : 'not joined'].filter(Boolean).join(', ');
      out.line(term`${padSafe(name, width + 1)} ${out.dim(safe(c.id))}${marks ? term`  ${out.dim(safe(marks))}` : ''}`);
    }
    return 0;
  } finally {
    await client.close();
  }
}
