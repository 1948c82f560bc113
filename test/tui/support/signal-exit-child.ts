// A process that ends on signals as the terminal UI does, with an ending that never finishes by
// itself: `node <bundle> <endLimitMs> [before-the-ui]`. It says `listening` once SignalExit
// listens and `ending <status>` when a signal starts the ending.
import { SignalExit } from '../../../tui/signal-exit';

const [limit, mode] = process.argv.slice(2);
const signals = new SignalExit({ endLimitMs: Number(limit) });
if (mode !== 'before-the-ui') signals.whenSignalled(() => process.stdout.write(`ending ${signals.status(0)}\n`));
setInterval(() => undefined, 60_000);
process.stdout.write('listening\n');
