// The connection for a subcommand: --url/--profile, else WSC_URL/WSC_TOKEN, else the saved profile.
import { Client, ConfigError, resolveConnection, type ResolvedConnection } from '../../shared/index';
import type { ParsedArgs } from './args';

export const CLIENT_NAME = 'wsc';

/** The environment as resolveConnection should see it, with --url taking the place of WSC_URL. */
export function connectionEnv(args: Pick<ParsedArgs, 'url'>, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return args.url !== undefined ? { ...env, WSC_URL: args.url } : env;
}

export async function resolveFor(args: Pick<ParsedArgs, 'url' | 'profile'>, env: NodeJS.ProcessEnv = process.env): Promise<ResolvedConnection> {
  return resolveConnection({ env: connectionEnv(args, env), profile: args.profile });
}

export function notConnectedError(connection: ResolvedConnection): ConfigError {
  if (connection.baseUrl !== null) {
    return new ConfigError(
      `No token for ${connection.baseUrl}.`,
      "Set WSC_TOKEN, or save a profile for that address with 'wsc login --url " + connection.baseUrl + "'.",
    );
  }
  return new ConfigError(
    'Not connected: no service address and token are configured.',
    "Run 'wsc login', or try the local demo: 'wsc serve --demo' in another terminal, then WSC_URL=<its url> WSC_TOKEN=hpt_demo_alice wsc channels.",
  );
}

/** A Client for the resolved connection; a ConfigError (exit 3) when nothing is configured. */
export async function connect(args: Pick<ParsedArgs, 'url' | 'profile'>, env: NodeJS.ProcessEnv = process.env): Promise<{ client: Client; connection: ResolvedConnection }> {
  const connection = await resolveFor(args, env);
  if (connection.token === null || connection.baseUrl === null) throw notConnectedError(connection);
  try {
    const client = new Client({ baseUrl: connection.baseUrl, token: connection.token, clientName: CLIENT_NAME });
    return { client, connection };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`The service address is not usable: ${message}`, 'Set WSC_URL (or --url) to an http(s) origin such as http://127.0.0.1:8787.');
  }
}
