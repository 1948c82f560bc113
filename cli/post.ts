// `wsc post <channel> <text|->`: posts a message (or a thread reply with --thread). While the
// service cannot be reached the post waits in the outbox (exit 8) and is sent by the next command.
import { isWorthQueueing, roomLabel, type Channel, type Client } from '../shared/index';
import { parseArgs, required } from './args';
import { pickChannel } from './channel-lookup';
import { usageError } from '../term/cli-error';
import { withClient } from '../term/connect';
import { cachedChannelsFor } from '../term/offline-cache';
import { createOutput, safe, term, type Output } from './output';
import { textOrStdin } from './stdin';
import { writeThroughOutbox } from './session-write';

export async function runPost(argv: string[]): Promise<number> {
  const args = parseArgs('post', argv, { strings: ['thread'] });
  const channelArg = required(args, 0, 'the channel (id or name)', 'post');
  const words = args.positionals.slice(1);
  if (words.length === 0) throw usageError('post: missing the text.', "Give the text, or '-' to read it from stdin: wsc post general 'hello'");
  const body = words.length === 1 && words[0] === '-' ? await textOrStdin('-') : words.join(' ');
  if (body.trim() === '') throw usageError('post: the message is empty.', 'Give some text to post.');
  const out = createOutput();
  return withClient(args, async ({ client, connection }) => {
    const channel = await channelFor(client, { baseUrl: client.baseUrl, token: connection.token }, channelArg);

    const written = await writeThroughOutbox(
      client,
      connection,
      { kind: 'post', channelId: channel.id, channelName: channel.name, channelKind: channel.kind, body, ...(args.values.thread ? { parentId: args.values.thread } : {}) },
      out,
      args.json,
    );
    if (written.kind === 'queued') return written.exitCode;
    printPosted(out, args.json, written.result as { id: string; url: string }, roomLabel(channel));
    return 0;
  });
}

function printPosted(out: Output, json: boolean, result: { id: string; url: string }, room: string): void {
  if (json) out.json(result);
  else out.line(term`Posted ${safe(result.id)} in ${safe(room)}: ${safe(result.url)}`);
}

/**
 * The channel by id or name; while the service cannot be reached, from the offline cache's channel
 * list (the account's, shared with the terminal UI and VS Code).
 */
async function channelFor(client: Client, connection: { baseUrl: string; token: string | null }, given: string): Promise<Pick<Channel, 'id' | 'name' | 'kind'>> {
  try {
    return pickChannel(await client.channels(), given);
  } catch (error) {
    if (!isWorthQueueing(error)) throw error;
    const kept = await cachedChannelsFor(connection);
    if (kept && kept.length > 0) return pickChannel(kept, given);
    // Never seen: the name is resolved when the post is sent.
    return { id: '', name: given.replace(/^#/, ''), kind: 'channel' };
  }
}
