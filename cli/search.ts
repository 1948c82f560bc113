// `wsc search <text> [--channel C] [--limit N]`: messages containing the text, newest first, through
// the service's search (the same call as the TUI's and the extension's search). --channel keeps the
// hits of one channel (the service searches every channel you can read).
import { LIMITS, roomLabel } from '../shared/index';
import { integerFlag, parseArgs } from './args';
import { channelNames, pickChannel } from './channel-lookup';
import { usageError } from '../term/cli-error';
import { withClient } from '../term/connect';
import { knownReaderOf } from '../term/room-reader';
import { printMessage } from './message-format';
import { createOutput, safe, term } from './output';

export async function runSearch(argv: string[]): Promise<number> {
  const args = parseArgs('search', argv, { strings: ['channel', 'limit'] });
  const text = args.positionals.join(' ').trim();
  if (text.length < LIMITS.searchMinChars) {
    throw usageError(text === '' ? 'search: missing the text to search for.' : `search: '${text}' is too short.`, `Give at least ${LIMITS.searchMinChars} characters, e.g. wsc search "login bug"`);
  }
  const limit = integerFlag(args, 'limit', 'search', { min: 1, max: LIMITS.searchMax }) ?? LIMITS.searchDefault;
  const out = createOutput();
  return withClient(args, async ({ client, connection }) => {
    const channels = await client.channels();
    const channel = args.values.channel === undefined ? null : pickChannel(channels, args.values.channel);
    // Filtering one channel here needs the largest page first, then --limit.
    const hits = await client.search({ q: text, limit: channel ? LIMITS.searchMax : limit });
    const shown = (channel ? hits.filter((h) => h.channel_id === channel.id) : hits).slice(0, limit);
    if (args.json) {
      out.json({ hits: shown });
      return 0;
    }
    if (shown.length === 0) {
      out.line(term`No messages match${channel ? term` in ${safe(roomLabel(channel, knownReaderOf(connection)))}` : ''}.`);
      return 0;
    }
    const names = channelNames(channels);
    for (const hit of shown) {
      printMessage(out, hit, names.get(hit.channel_id) ?? hit.channel_id);
      out.line(term`  ${out.dim(safe(hit.url))}`);
    }
    return 0;
  });
}
