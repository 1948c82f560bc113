// `wsc read <channel> [--limit N] [--follow]`: the newest messages, then (follow) new ones as they come.
import { BEGINNING_CURSOR, LIMITS, isApiError, type Client, type Message } from '../shared/index';
import { integerFlag, noExtraPositionals, parseArgs, required } from './args';
import { findChannel } from './channel-lookup';
import { connect } from '../term/connect';
import { abortOnInterrupt, sleep } from './interrupt';
import { printMessage } from './message-format';
import { createOutput, safe, type Output } from './output';
import { backoffMs, isFinalError } from './retry';
import { startWaker } from './waker';

/** Without a doorbell cue, a follow loop still reads this often. */
const FALLBACK_POLL_MS = 5_000;

export async function runRead(argv: string[]): Promise<number> {
  const args = parseArgs('read', argv, { strings: ['limit'], booleans: ['follow'] });
  const channelArg = required(args, 0, 'the channel (id or name)', 'read');
  noExtraPositionals(args, 1, 'read');
  const limit = integerFlag(args, 'limit', 'read', { min: 1, max: LIMITS.messagesMax }) ?? LIMITS.messagesDefault;
  const out = createOutput();
  const { client } = await connect(args);
  try {
    const channel = await findChannel(client, channelArg);
    const print = (m: Message) => (args.json ? out.json(m) : printMessage(out, m));
    const page = await client.messages(channel.id, { limit });
    if (!args.json) {
      const more = page.hasMore ? ` (older messages exist; --limit ${LIMITS.messagesMax} shows up to ${LIMITS.messagesMax})` : '';
      out.note(`#${safe(channel.name)}: ${page.messages.length} message${page.messages.length === 1 ? '' : 's'}${more}`);
    }
    page.messages.forEach(print);
    if (!args.flags.follow) return 0;
    const newest = page.messages[page.messages.length - 1];
    await follow(client, channel.id, newest?.created_at ?? BEGINNING_CURSOR, print, out, args.json);
    return 0;
  } finally {
    await client.close();
  }
}

async function follow(client: Client, channelId: string, from: string, print: (m: Message) => void, out: Output, json: boolean): Promise<void> {
  const interrupt = abortOnInterrupt();
  const waker = startWaker(client, FALLBACK_POLL_MS);
  let cursor = from;
  let attempt = 0;
  try {
    if (!json) out.note('Following; press Ctrl-C to stop.');
    while (!interrupt.signal.aborted) {
      try {
        // Read everything after the last printed message; the cursor only moves past printed ones.
        for (;;) {
          const page = await client.messages(channelId, { after: cursor, limit: LIMITS.messagesMax }, { signal: interrupt.signal });
          for (const m of page.messages) {
            print(m);
            cursor = m.created_at;
          }
          if (!page.hasMore || page.messages.length === 0) break;
        }
        if (attempt > 0) out.note('Reconnected.');
        attempt = 0;
      } catch (error) {
        if (interrupt.signal.aborted) break;
        if (isFinalError(error)) throw error;
        attempt += 1;
        const wait = backoffMs(attempt, error);
        out.note(`reconnecting… (${isApiError(error) ? safe(error.message) : 'error'}; retrying in ${Math.round(wait / 1000)} s)`);
        await sleep(wait, interrupt.signal);
        continue;
      }
      await waker.wait(interrupt.signal);
    }
  } finally {
    interrupt.dispose();
    await waker.stop();
  }
}
