// `wsc sync`: fills or refreshes the offline cache of this account (channels, people, tasks,
// mentions, the docs tree and the newest messages of cached and joined channels), then says what it kept.
import { noExtraPositionals, parseArgs } from './args';
import { connect } from '../term/connect';
import { describeFill, fillCache } from '../term/cache-fill';
import { accountFor, openAccountCache } from '../term/offline-cache';
import { createOutput, safe, term } from './output';

export async function runSync(argv: string[]): Promise<number> {
  const args = parseArgs('sync', argv);
  noExtraPositionals(args, 0, 'sync');
  const out = createOutput();
  const { client, connection } = await connect(args);
  const warn = (line: string) => out.note(safe(line));
  try {
    const account = await accountFor(client, { baseUrl: connection.baseUrl as string, token: connection.token as string });
    const cache = await openAccountCache(account, warn);
    try {
      const counts = await fillCache(client, cache, { messages: true, progress: args.json ? undefined : (step) => warn(`wsc: sync: ${step}`) });
      if (args.json) out.json({ path: cache.path, kept: counts });
      else out.line(term`Kept ${safe(describeFill(counts))} in ${safe(cache.path)}.`);
      return 0;
    } finally {
      cache.close();
    }
  } finally {
    await client.close();
  }
}
