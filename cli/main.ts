// The `wsc` subcommands: picks one; each lives in its own module and is loaded lazily so that
// starting one never pays for the others. bin/wsc.ts decides first whether this runs at all (the
// terminal UI and `wsc serve` are its own choices).
import { commandHelp, generalHelp } from './help';

type Runner = (args: string[]) => Promise<number>;

/** Subcommands and the module each one loads on demand. */
const COMMANDS: Readonly<Record<string, () => Promise<Runner>>> = {
  login: async () => (await import('./login')).runLogin,
  logout: async () => (await import('./logout')).runLogout,
  status: async () => (await import('./status')).runStatus,
  doctor: async () => (await import('./doctor')).runDoctor,
  channels: async () => (await import('./channels')).runChannels,
  post: async () => (await import('./post')).runPost,
  outbox: async () => (await import('./outbox')).runOutbox,
  sync: async () => (await import('./sync')).runSync,
  cache: async () => (await import('./cache')).runCache,
  read: async () => (await import('./read')).runRead,
  mentions: async () => (await import('./mentions')).runMentions,
  task: async () => (await import('./task')).runTask,
  doc: async () => (await import('./doc')).runDoc,
  events: async () => (await import('./events')).runEvents,
  action: async () => (await import('./action')).runAction,
  mcp: async () => (await import('./mcp')).runMcp,
  people: async () => (await import('./people')).runPeople,
  profile: async () => (await import('./profile')).runProfile,
  search: async () => (await import('./search')).runSearch,
  share: async () => (await import('./share')).runShare,
  hooks: async () => (await import('./hooks')).runHooks,
};

/** `--help`/`-h` (or `--json`) anywhere before a `--`. */
function hasFlag(args: readonly string[], ...flags: string[]): boolean {
  for (const a of args) {
    if (a === '--') return false;
    if (flags.includes(a)) return true;
  }
  return false;
}

/** Runs `wsc <argv>` for every command but the terminal UI and `serve`; resolves to the exit code. */
export async function runCli(argv: string[]): Promise<number> {
  const command = argv[0];
  if (command === undefined) return 2;
  if (command === '--version' || command === 'version') {
    process.stdout.write('wsc 0.1.0\n');
    return 0;
  }
  if (command === 'help' || command === '--help' || command === '-h') {
    const topic = argv[1];
    const text = topic === undefined ? generalHelp() : commandHelp(topic);
    if (text === undefined) {
      process.stderr.write(`wsc: there is no command '${topic ?? ''}' [usage]\n  hint: Run 'wsc help' for the list of commands.\n`);
      return 2;
    }
    process.stdout.write(text);
    return 0;
  }
  if (command === 'completion') {
    const { runCompletion } = await import('./completion');
    return runCompletion(argv.slice(1));
  }
  const load = COMMANDS[command];
  if (load === undefined) {
    process.stderr.write(`wsc: unknown command '${command}' [usage]\n  hint: Run 'wsc help' for the list of commands.\n`);
    return 2;
  }
  // `wsc action <command> --help` lists that command's inputs (from the service): action's own.
  const actionCommandHelp = command === 'action' && argv[1] !== undefined && argv[1] !== 'list' && !argv[1].startsWith('-');
  if (hasFlag(argv.slice(1), '--help', '-h') && !actionCommandHelp) {
    process.stdout.write(commandHelp(command) ?? generalHelp());
    return 0;
  }
  const [run] = await Promise.all([load(), import('./display-notices').then((m) => m.sayMissingDisplayFields())]);
  const pager = pagesOutput(command, argv.slice(1)) ? await startPagerFor(process.stdout) : null;
  try {
    const code = await run(argv.slice(1));
    if (code === 0 && SENDS_OUTBOX_AFTER.has(command)) await (await import('./outbox-after')).sendWaitingOutbox(argv.slice(1));
    return code;
  } catch (error) {
    await pager?.done();
    const { reportError } = await import('./output');
    return reportError(error, process.stderr, { json: hasFlag(argv.slice(1), '--json') });
  } finally {
    await pager?.done();
  }
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
    default:
      return false;
  }
}

async function startPagerFor(stdout: NodeJS.WriteStream) {
  if (stdout.isTTY !== true) return null;
  const { startPager } = await import('../term/pager');
  // Quitting the pager early ends the command, as quitting `git log`'s pager does.
  const pager = startPager(stdout, process.env, () => process.exit(process.exitCode ?? 0));
  if (pager === null) return null;
  const { routeStdout } = await import('./output');
  routeStdout(pager.input);
  return pager;
}
