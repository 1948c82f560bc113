// Where the UI's connection comes from: WSC_URL/WSC_TOKEN, a saved profile, or the built-in demo
// (the local service started in this process on the demo workspace, signed in as its owner).
import { Client, describeConnectionSource, resolveConnection, type Identity, type ResolvedConnection } from '../../shared/index';

export const CLIENT_NAME = 'wsc';
export const DEMO_TOKEN = 'hpt_demo_alice';

export interface Connected {
  client: Client;
  me: Identity;
  /** Shown in the header: where the token came from (never the token). */
  sourceLabel: string;
  demo: boolean;
  close(): Promise<void>;
}

export type ConnectionPlan = { kind: 'ready'; connection: Extract<ResolvedConnection, { token: string }> } | { kind: 'none'; baseUrl: string | null };

export async function planConnection(env: NodeJS.ProcessEnv = process.env): Promise<ConnectionPlan> {
  const connection = await resolveConnection({ env });
  if (connection.token === null) return { kind: 'none', baseUrl: connection.baseUrl };
  return { kind: 'ready', connection };
}

export async function connectWith(connection: Extract<ResolvedConnection, { token: string }>): Promise<Connected> {
  const client = new Client({ baseUrl: connection.baseUrl, token: connection.token, clientName: CLIENT_NAME });
  try {
    const me = await client.me();
    const where = describeConnectionSource(connection).replace(/^token from /, '');
    return { client, me, sourceLabel: `${where} · ${client.baseUrl}`, demo: false, close: () => client.close() };
  } catch (error) {
    await client.close();
    throw error;
  }
}

/** Starts the local service in this process on the demo workspace. Loaded lazily: only the demo pays for it. */
export async function connectDemo(): Promise<Connected> {
  const { createEmulator } = await import('../../emulator/server');
  const service = await createEmulator({ demo: true, port: 0 });
  const client = new Client({ baseUrl: service.url, token: DEMO_TOKEN, clientName: CLIENT_NAME });
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
