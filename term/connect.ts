// Where the terminal's connection comes from, for the UI and the subcommands alike: --url/--profile,
// else WSC_URL/WSC_TOKEN, else the saved profile; or the built-in demo (the local service started in
// this process on the demo workspace, signed in as its owner).
import { cacheForConnection, type TerminalCache } from './offline-cache';
import { Client, ConfigError, describeServiceNotice, resolveConnection, sanitizeTerminalLine, type Identity, type ResolvedConnection } from '../shared/core';
import { connectionLabel } from './connection-plan';
import { recordedClient } from './read-recorder';

export { planConnection, type ConnectionPlan } from './connection-plan';

export const CLIENT_NAME = 'wsc';

/** What the person chose on the command line (both optional). */
export interface ConnectionArgs {
  url?: string | undefined;
  profile?: string | undefined;
}

/** The environment as resolveConnection should see it, with --url taking the place of WSC_URL. */
export function connectionEnv(args: Pick<ConnectionArgs, 'url'>, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return args.url !== undefined ? { ...env, WSC_URL: args.url } : env;
}

export async function resolveFor(args: ConnectionArgs, env: NodeJS.ProcessEnv = process.env): Promise<ResolvedConnection> {
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

/** WSC_MAX_RESPONSE_BYTES: the largest answer wsc reads (the Client's maxResponseBytes; default 64 MiB). */
export function answerCapFrom(env: NodeJS.ProcessEnv): { maxResponseBytes?: number } {
  const text = env.WSC_MAX_RESPONSE_BYTES?.trim();
  if (!text) return {};
  const bytes = Number(text);
  if (!Number.isSafeInteger(bytes) || bytes < 1) {
    throw new ConfigError(`WSC_MAX_RESPONSE_BYTES is "${text}", not a positive whole number of bytes.`, 'Set it to a byte count such as 134217728 (128 MiB), or unset it for the default of 64 MiB.');
  }
  return { maxResponseBytes: bytes };
}

/** A Client for the resolved connection; a ConfigError (exit 3) when nothing is configured. */
export async function connect(args: ConnectionArgs, env: NodeJS.ProcessEnv = process.env): Promise<{ client: Client; connection: ResolvedConnection }> {
  const connection = await resolveFor(args, env);
  if (connection.token === null || connection.baseUrl === null) throw notConnectedError(connection);
  const cap = answerCapFrom(env);
  try {
    const live = new Client({ baseUrl: connection.baseUrl, token: connection.token, clientName: CLIENT_NAME, ...cap });
    // Said once per run on stderr (never mixed into --json output on stdout).
    live.onServiceNotice((notice) => process.stderr.write(`wsc: note: ${sanitizeTerminalLine(describeServiceNotice(notice))}\n`));
    return { client: recordedClient(live, connection.baseUrl, connection.token), connection };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`The service address is not usable: ${message}`, 'Set WSC_URL (or --url) to an http(s) origin such as http://127.0.0.1:8787.');
  }
}

/**
 * A one-shot command's skeleton: connects, runs `work` with the client, and closes the client
 * however `work` ends (its recorded reads then go to the cache).
 */
export async function withClient<T>(
  args: ConnectionArgs,
  work: (connected: { client: Client; connection: ResolvedConnection }) => Promise<T>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<T> {
  const connected = await connect(args, env);
  try {
    return await work(connected);
  } finally {
    await connected.client.close();
  }
}

// The terminal UI's session: a connected client and who it acts as.
export interface Connected {
  client: Client;
  me: Identity;
  /** Shown in the header: where the token came from (never the token). */
  sourceLabel: string;
  demo: boolean;
  close(): Promise<void>;
}

export async function connectWith(connection: Extract<ResolvedConnection, { token: string }>): Promise<Connected> {
  const live = new Client({ baseUrl: connection.baseUrl, token: connection.token, clientName: CLIENT_NAME, ...answerCapFrom(process.env) });
  let kept: TerminalCache | undefined;
  try {
    kept = await cacheForConnection(live, connection, (line) => process.stderr.write(`${sanitizeTerminalLine(line)}\n`));
    const client = kept?.client ?? live;
    // A known account starts from its cached identity, so the first frame needs no network.
    const cachedMe = kept?.cache.get<Identity>('me');
    const me = cachedMe?.value ?? (await client.me());
    if (cachedMe) void client.me().catch(() => undefined);
    const cache = kept?.cache;
    return {
      client,
      me,
      sourceLabel: connectionLabel(connection),
      demo: false,
      close: async () => {
        cache?.close();
        await live.close();
      },
    };
  } catch (error) {
    kept?.cache.close();
    await live.close();
    throw error;
  }
}

/** Starts the local service in this process on the demo workspace. Loaded lazily: only the demo pays for it. */
export async function connectDemo(): Promise<Connected> {
  const [{ createEmulator }, { DEMO_TOKENS }] = await Promise.all([import('../emulator/server'), import('../emulator/demo/fixture')]);
  const service = await createEmulator({ demo: true, port: 0 });
  const client = new Client({ baseUrl: service.url, token: DEMO_TOKENS.alice, clientName: CLIENT_NAME });
  try {
    const me = await client.me();
    return {
      client,
      me,
      sourceLabel: `built-in demo (local service at ${service.url})`,
      demo: true,
      async close() {
        await client.close();
        await service.close();
      },
    };
  } catch (error) {
    await client.close();
    await service.close();
    throw error;
  }
}
