// `wsc post <channel> <text|->`: posts a message (or a thread reply with --thread). While the
// service cannot be reached the post waits in the outbox (exit 8) and is sent by the next command.
import { isWorthQueueing, type Channel, type Client, type Outbox } from '../shared/index';
import { parseArgs, required } from './args';
import { pickChannel } from './channel-lookup';
import { EXIT } from './exit-codes';
import { usageError } from '../term/cli-error';
import { connect } from '../term/connect';
import { cachedChannelsFor } from '../term/offline-cache';
import { outboxFor, queuedNote } from '../term/outbox';
import { createOutput, safe, term, type Output } from './output';
import { olderOutboxReporter } from './outbox-notes';
import { textOrStdin } from './stdin';
import { beforeOfflineStoreLoads } from '../term/store-loading';

export async function runPost(argv: string[]): Promise<number> {
  const args = parseArgs('post', argv, { strings: ['thread'] });
  const channelArg = required(args, 0, 'the channel (id or name)', 'post');
  const words = args.positionals.slice(1);
  if (words.length === 0) throw usageError('post: missing the text.', "Give the text, or '-' to read it from stdin: wsc post general 'hello'");
  const body = words.length === 1 && words[0] === '-' ? await textOrStdin('-') : words.join(' ');
  if (body.trim() === '') throw usageError('post: the message is empty.', 'Give some text to post.');
  const out = createOutput();
  const { client, connection } = await connect(args);
  const outbox = await outboxFor(client, { baseUrl: client.baseUrl, token: connection.token });
  try {
    const channel = await channelFor(client, outbox, channelArg, () => cachedChannelsFor({ baseUrl: client.baseUrl, token: connection.token }));
    if (outbox === undefined) {
      const result = await client.postMessage(channel.id, { body, ...(args.values.thread ? { parent_id: args.values.thread } : {}) });
      printPosted(out, args.json, result, channel.name);
      return 0;
    }
    beforeOfflineStoreLoads();
    const { sendThroughOutbox } = await import('../shared/outbox');
    const outcome = await sendThroughOutbox(
      outbox,
      client,
      { kind: 'post', channelId: channel.id, channelName: channel.name, body, ...(args.values.thread ? { parentId: args.values.thread } : {}) },
      { dropRefused: true, handlers: olderOutboxReporter() },
    );
    if (outcome.kind === 'refused') throw outcome.error;
    if (outcome.kind === 'queued') {
      if (args.json) out.json({ queued: true, outbox_id: outcome.entry.id, reason: outcome.reason });
      out.note(term`wsc: ${safe(queuedNote(outcome.entry, outcome.reason))}`);
      return EXIT.queued;
    }
    printPosted(out, args.json, outcome.result as { id: string; url: string }, channel.name);
    return 0;
  } finally {
    outbox?.close();
    await client.close();
  }
}

function printPosted(out: Output, json: boolean, result: { id: string; url: string }, channelName: string): void {
  if (json) out.json(result);
  else out.line(term`Posted ${safe(result.id)} in #${safe(channelName)}: ${safe(result.url)}`);
}

/**
 * The channel by id or name; while the service cannot be reached, from the names the outbox saw
 * last, else from the offline cache's channel list.
 */
async function channelFor(client: Client, outbox: Outbox | undefined, given: string, cached: () => Promise<Channel[] | undefined>): Promise<Pick<Channel, 'id' | 'name'>> {
  try {
    const channels = await client.channels();
    outbox?.rememberChannels(channels);
    return pickChannel(channels, given);
  } catch (error) {
    if (outbox === undefined || !isWorthQueueing(error)) throw error;
    const known = outbox.knownChannels();
    if (known.length > 0) return pickChannel(known as Channel[], given);
    const kept = await cached();
    if (!kept || kept.length === 0) throw error;
    return pickChannel(kept, given);
  }
}
