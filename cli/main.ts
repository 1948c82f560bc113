// The `wsc` subcommands: picks one; each lives in its own module and is loaded lazily so that
// starting one never pays for the others. bin/wsc.ts decides first whether this runs at all (the
// terminal UI and `wsc serve` are its own choices).
import { isCommandName, type CommandName } from './command-names';
import { commandHelp, generalHelp } from './help';
import { runCommand, type CommandRun } from './run-command';

/** Subcommands and the module each one loads on demand. */
const COMMANDS: Readonly<Record<CommandName, () => Promise<CommandRun>>> = {
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
  inbox: async () => (await import('./inbox')).runInbox,
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
  skill: async () => (await import('./skill')).runSkill,
  config: async () => (await import('./config')).runConfig,
};

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
  if (!isCommandName(command)) {
    process.stderr.write(`wsc: unknown command '${command}' [usage]\n  hint: Run 'wsc help' for the list of commands.\n`);
    return 2;
  }
  return runCommand(command, argv.slice(1), await COMMANDS[command]());
}
