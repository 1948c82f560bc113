// Who reads the rooms a subcommand names, so a DM is shown as its other members (`@Bob Martínez`),
// as the terminal UI and the editor show it: remembered from an earlier call, else asked of the
// service once (and remembered). Without it (offline and never learnt) a DM lists all its members.
import type { Client, RoomReader } from '../shared/index';
import { knownReader, rememberIdentity } from './offline-cache';

export async function roomReader(
  client: Client,
  connection: { baseUrl: string | null; token: string | null },
  options: { offline: boolean; signal?: AbortSignal },
): Promise<RoomReader | undefined> {
  const known = knownReaderOf(connection);
  if (known || options.offline || connection.baseUrl === null || connection.token === null) return known;
  try {
    const me = await client.me(options.signal ? { signal: options.signal } : {});
    rememberIdentity(connection.baseUrl, connection.token, me);
    return { name: me.name, handle: me.handle };
  } catch {
    return undefined;
  }
}

/** The reader remembered for this connection, without asking the service. */
export function knownReaderOf(connection: { baseUrl: string | null; token: string | null }): RoomReader | undefined {
  return connection.baseUrl === null || connection.token === null ? undefined : knownReader(connection.baseUrl, connection.token);
}
