/**
 * Where the connection comes from: `WSC_URL`/`WSC_TOKEN` in the environment (never saved), else a
 * saved profile (`WSC_PROFILE` or the caller picks one, else the default), else none.
 */
import { ConfigError } from './config-error';
import type { Env } from './paths';
import { ProfileStore } from './profiles';

export type ConnectionSource = 'env' | `profile:${string}` | 'none';

export type ResolvedConnection =
  | { baseUrl: string; token: string; source: 'env' | `profile:${string}` }
  | { baseUrl: string | null; token: null; source: 'none' };

export interface ResolveOptions {
  env?: Env;
  /** A profile name chosen by the person (e.g. `--profile work`); wins over WSC_PROFILE. */
  profile?: string;
  /** Profiles file to read instead of the XDG default (tests). */
  profilesPath?: string;
}

const sameService = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

export async function resolveConnection(options: ResolveOptions = {}): Promise<ResolvedConnection> {
  const env = options.env ?? process.env;
  const envUrl = env.WSC_URL?.trim() || undefined;
  const envToken = env.WSC_TOKEN?.trim() || undefined;
  const store = new ProfileStore({ path: options.profilesPath, env });
  const wanted = options.profile ?? (env.WSC_PROFILE?.trim() || undefined);

  if (envToken !== undefined) {
    if (envUrl !== undefined) return { baseUrl: envUrl.replace(/\/+$/, ''), token: envToken, source: 'env' };
    const profile = await store.get(wanted);
    if (profile) return { baseUrl: profile.url, token: envToken, source: 'env' };
    throw new ConfigError('WSC_TOKEN is set but no service address is known.', 'Set WSC_URL too, e.g. WSC_URL=http://127.0.0.1:8787.');
  }

  const profile = await store.get(wanted);
  if (wanted !== undefined && profile === undefined) {
    const known = (await store.list()).map((p) => p.name);
    throw new ConfigError(`There is no profile named "${wanted}".`, `Known profiles: ${known.join(', ') || 'none'}. Save one with wsc login.`);
  }
  if (profile !== undefined) {
    // Never send a saved token to a different service named only by WSC_URL.
    if (envUrl !== undefined && !sameService(envUrl, profile.url)) return { baseUrl: envUrl, token: null, source: 'none' };
    return { baseUrl: profile.url, token: profile.token, source: `profile:${profile.name}` };
  }
  return { baseUrl: envUrl ?? null, token: null, source: 'none' };
}

/** One line for `wsc status`: where the token came from; never the token itself. */
export function describeConnectionSource(connection: ResolvedConnection, profilesFile?: string): string {
  if (connection.source === 'env') return 'token from the WSC_TOKEN environment variable (not saved)';
  if (connection.source === 'none') {
    return 'no token: set WSC_URL and WSC_TOKEN, or save a profile with wsc login';
  }
  const name = connection.source.slice('profile:'.length);
  return `token from profile "${name}"${profilesFile ? ` in ${profilesFile}` : ''}`;
}
