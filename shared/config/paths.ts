import { join } from 'node:path';

// node:crypto and node:os are fetched at first use, not imported: loading the extension loads neither.
const crypto = (): typeof import('node:crypto') => process.getBuiltinModule('node:crypto');
const os = (): typeof import('node:os') => process.getBuiltinModule('node:os');

export type Env = Readonly<Record<string, string | undefined>>;

const APP_FOLDER = 'wsc';

function xdgBase(env: Env, variable: string, fallback: string[]): string {
  const value = env[variable];
  // The XDG spec says relative values are invalid and must be ignored.
  if (value && value.startsWith('/')) return value;
  return join(env.HOME && env.HOME.startsWith('/') ? env.HOME : os().homedir(), ...fallback);
}

/** `$XDG_CONFIG_HOME/wsc`, else `~/.config/wsc`. */
export function configDir(env: Env = process.env): string {
  return join(xdgBase(env, 'XDG_CONFIG_HOME', ['.config']), APP_FOLDER);
}

/** `$XDG_STATE_HOME/wsc`, else `~/.local/state/wsc`: cursors and other state that is not configuration. */
export function stateDir(env: Env = process.env): string {
  return join(xdgBase(env, 'XDG_STATE_HOME', ['.local', 'state']), APP_FOLDER);
}

export function profilesPath(env: Env = process.env): string {
  return join(configDir(env), 'profiles.json');
}

/**
 * A state file's name for `key`: a hash, never the key itself. Keys hold server strings (workspace
 * and user ids, hosts), and a long or hostile one must not become a path (ENAMETOOLONG, `..`).
 */
export function stateFileName(key: string): string {
  return `${crypto().createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 40)}.json`;
}

/**
 * Where versions before hashed names kept the cursor `name`, for reading it once (the next save
 * goes to cursorPath); undefined when that name could not have been written (too long).
 */
export function formerCursorPath(name: string, env: Env = process.env): string | undefined {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '_') || '_';
  return safe.length > 200 ? undefined : join(stateDir(env), 'cursors', `${safe}.json`);
}

/** File of one named cursor (e.g. `mentions-<workspace>-<user>`) under the state folder, named by its hash. */
export function cursorPath(name: string, env: Env = process.env): string {
  return join(stateDir(env), 'cursors', stateFileName(name));
}
