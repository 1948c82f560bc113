// The names of the `wsc` subcommands. Each is the module cli/<name>.ts exporting run<Name>; the
// CLI bundle builds one file per name from this list (esbuild.mjs reads it), and bin/wsc.ts loads
// that file alone, so a command's start-up reads one file.
export const COMMAND_NAMES = [
  'login',
  'logout',
  'status',
  'doctor',
  'channels',
  'post',
  'outbox',
  'sync',
  'cache',
  'read',
  'mentions',
  'inbox',
  'task',
  'doc',
  'events',
  'action',
  'mcp',
  'people',
  'profile',
  'search',
  'share',
  'hooks',
  'skill',
  'config',
] as const;

export type CommandName = (typeof COMMAND_NAMES)[number];

export function isCommandName(name: string | undefined): name is CommandName {
  return (COMMAND_NAMES as readonly (string | undefined)[]).includes(name);
}
