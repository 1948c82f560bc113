// A post made while the service cannot be reached, in the terminal UI as a person runs it: the
// built `node dist/wsc.js` in a real pseudo-terminal (node-pty, 100x30), the local service (`wsc
// serve`, its own process) stopped after the channel opened. From writing Enter in the compose box
// to the first bytes of the frame that shows the message as pending (it is in the outbox file by
// then). Side by side: a letter typed into the compose box to the frame that shows it.
import type { BenchResult } from './types';
import { BENCH_TOKENS, benchFixture } from './support/fixture';
import { startService } from './support/service';
import { measureLoad } from './support/load';
import { median, percentile, round } from './support/stats';
import { ensureWscBuilt, startWsc } from './support/wsc-pty';

const POSTS = 30;
const HEADER = 'Alice (@alice) in Bench';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function run(): Promise<BenchResult[]> {
  ensureWscBuilt();
  const service = await startService(benchFixture());
  const app = startWsc(service.url, BENCH_TOKENS.alice);
  const load = measureLoad();
  try {
    await app.waitFor(HEADER);
    await app.waitFor('general');
    let mark = app.mark();
    app.write('\r');
    await app.waitFor('general', { since: mark });
    await sleep(300);
    await service.stop();
    mark = app.mark();
    app.write('i');
    await app.waitFor('Enter sends', { since: mark });
    await sleep(200);
    const enter: number[] = [];
    const letter: number[] = [];
    let missed = 0;
    for (let i = 0; i < POSTS; i++) {
      const text = `offline note ${i}`;
      for (const ch of text.slice(0, -1)) {
        app.write(ch);
        await sleep(15);
      }
      await sleep(80);
      const typed = await app.keyToText(text.slice(-1), text);
      if (typed !== null && i > 0) letter.push(typed);
      await sleep(80);
      // The row names the keys that act on it between the state and the author.
      const ms = await app.keyToText('\r', new RegExp(`⋯ pending · [^\\n]*Alice: ${text}`));
      if (ms === null) missed++;
      else if (i > 0) enter.push(ms);
      await sleep(120);
    }
    const p95 = percentile(enter, 95);
    return [
      {
        name: `tui offline post: Enter to the pending row, p50 (${enter.length} posts, service stopped)`,
        value: round(percentile(enter, 50)),
        unit: 'ms',
        reference: { name: 'a letter typed to its frame (median)', value: round(median(letter)), unit: 'ms' },
      },
      { name: `tui offline post: Enter to the pending row, p95 (${load.describe()})`, value: round(p95), unit: 'ms', goal: '< 16 ms', met: p95 < 16 },
      { name: 'tui offline post: Enter to the pending row, max', value: round(Math.max(...enter)), unit: 'ms' },
      { name: 'tui offline posts whose pending row never showed (5 s)', value: missed, unit: 'posts', goal: '0', met: missed === 0 },
    ];
  } finally {
    await app.close();
    app.removeHome();
    await service.stop().catch(() => undefined);
  }
}
