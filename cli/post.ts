// `wsc post <channel> <text|->`: posts a message (or a thread reply with --thread).
import { parseArgs, required } from './args';
import { findChannel } from './channel-lookup';
import { usageError } from '../term/cli-error';
import { connect } from '../term/connect';
import { createOutput, safe, term } from './output';
import { textOrStdin } from './stdin';

export async function runPost(argv: string[]): Promise<number> {
  const args = parseArgs('post', argv, { strings: ['thread'] });
  const channelArg = required(args, 0, 'the channel (id or name)', 'post');
  const words = args.positionals.slice(1);
  if (words.length === 0) throw usageError('post: missing the text.', "Give the text, or '-' to read it from stdin: wsc post general 'hello'");
  const body = words.length === 1 && words[0] === '-' ? await textOrStdin('-') : words.join(' ');
  if (body.trim() === '') throw usageError('post: the message is empty.', 'Give some text to post.');
  const out = createOutput();
  const { client } = await connect(args);
  try {
    const channel = await findChannel(client, channelArg);
    const result = await client.postMessage(channel.id, { body, ...(args.values.thread ? { parent_id: args.values.thread } : {}) });
    if (args.json) out.json(result);
    else out.line(term`Posted ${safe(result.id)} in #${safe(channel.name)}: ${safe(result.url)}`);
    return 0;
  } finally {
    await client.close();
  }
}
