// A stand-in pager for the pager tests: prefixes each line it reads with "│ " and ends with a
// summary line; PAGER_QUIT_AFTER=N exits after N lines, as a person pressing q would.
import { createInterface } from 'node:readline';

const quitAfter = Number(process.env.PAGER_QUIT_AFTER ?? Infinity);
let count = 0;
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  process.stdout.write(`│ ${line}\n`);
  count += 1;
  if (count >= quitAfter) {
    process.stdout.write(`[pager quit after ${count} lines]\n`);
    process.exit(0);
  }
});
lines.on('close', () => process.stdout.write(`[pager: ${count} lines, LESS=${process.env.LESS ?? ''}]\n`));
