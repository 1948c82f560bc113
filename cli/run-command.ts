// Runs one subcommand around its own code: `--help`, notes about fields the service left out, the
// pager for long output, the outbox sent after a command that reached the service, and errors
// reported with their hint and exit code. Both ways in use it: cli/main.ts (`runCli`) and the
// one-file-per-command bundle (esbuild.mjs), where it is the same code inlined beside the command.
import { sayMissingDisplayFields } from './display-notices';
import { keepAnswersAsSent } from '../shared/core';
import { commandHelp, generalHelp } from './help';

export type CommandRun = (args: string[]) => Promise<number>;

/** `--help`/`-h` (or `--json`) anywhere before a `--`. */
export function hasFlag(args: readonly string[], ...flags: string[]): boolean {
  for (const a of args) {
    if (a === '--') return false;
    if (flags.includes(a)) return true;
  }
  return false;
}

/** `wsc <command> <args>`; resolves to the exit code. */
export async function runCommand(command: string, args: string[], run: CommandRun): Promise<number> {
  // `wsc action <command> --help` lists that command's inputs (from the service): action's own.
  const actionCommandHelp = command === 'action' && args[0] !== undefined && args[0] !== 'list' && !args[0].startsWith('-');
  if (hasFlag(args, '--help', '-h') && !actionCommandHelp) {
    process.stdout.write(commandHelp(command) ?? generalHelp());
    return 0;
  }
  sayMissingDisplayFields();
  if (hasFlag(args, '--json')) keepAnswersAsSent();
  const keepsReads = (SENDS_OUTBOX_AFTER.has(command) || command === 'post') && !hasFlag(args, '--follow', '--offline');
  if (keepsReads) (await import('../term/read-recorder')).recordReadsForCache();
  const pager = pagesOutput(command, args) ? await startPagerFor(process.stdout) : null;
  try {
    const code = await run(args);
    if (code === 0 && SENDS_OUTBOX_AFTER.has(command)) await (await import('./outbox-after')).sendWaitingOutbox(args);
    return code;
  } catch (error) {
    await pager?.done();
    const { reportError } = await import('./output');
    return reportError(error, process.stderr, { json: hasFlag(args, '--json') });
  } finally {
    await pager?.done();
    // After the output: what the command read is kept in the account's offline cache.
    if (keepsReads) await keepReads();
    await sayStoreNotices();
  }
}

/** A file of the account's that could not be read was moved aside: said once, with where. */
async function sayStoreNotices(): Promise<void> {
  const { takeStoreNotices } = await import('../shared/core');
  const notices = takeStoreNotices();
  if (notices.length === 0) return;
  const { createOutput, safe, term } = await import('./output');
  const out = createOutput();
  for (const line of notices) out.note(term`wsc: ${safe(line)}`);
}

async function keepReads(): Promise<void> {
  const [{ keepReadsInCache }, { createOutput, safe, term }] = await Promise.all([import('../term/read-recorder'), import('./output')]);
  const out = createOutput();
  await keepReadsInCache((line) => out.note(term`${safe(line)}`)).catch(() => undefined);
}

/** Commands that reached the service when they succeed: the outbox is sent after them. */
const SENDS_OUTBOX_AFTER = new Set(['status', 'channels', 'read', 'mentions', 'task', 'doc', 'events', 'action', 'people', 'search', 'share']);

/** Commands whose output can be long and ends (not --follow, not editing or writing). */
function pagesOutput(cmd: string, args: readonly string[]): boolean {
  if (hasFlag(args, '--follow')) return false;
  const sub = args[0];
  switch (cmd) {
    case 'read':
    case 'mentions':
    case 'events':
    case 'people':
      return true;
    case 'task':
      return sub === 'list' || sub === 'show';
    case 'doc':
      return sub === 'list' || sub === 'get';
    case 'action':
      return sub === 'list';
    case 'inbox':
      return sub === undefined || sub.startsWith('-');
    default:
      return false;
  }
}

async function startPagerFor(stdout: NodeJS.WriteStream) {
  if (stdout.isTTY !== true) return null;
  // Accessible mode: a pager repaints its screen, which a screen reader does not read in order.
  if ((await import('../term/accessible-mode')).accessibleMode()) return null;
  const { startPager } = await import('../term/pager');
  // Quitting the pager early ends the command, as quitting `git log`'s pager does.
  const pager = startPager(stdout, process.env, () => process.exit(process.exitCode ?? 0));
  if (pager === null) return null;
  const { routeStdout } = await import('./output');
  routeStdout(pager.input);
  return pager;
}
