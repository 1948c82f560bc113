// The terminal UI's connection before anything connects: the resolved connection or none (the
// precedence rules are resolveConnection's), and the header's words for where it came from. Small
// on purpose: the saved first frame is painted from it before the UI loads (tui/prepaint.ts).
import { describeConnectionSource, resolveConnection, type ResolvedConnection } from '../shared/prepaint';

export type ReadyConnection = Extract<ResolvedConnection, { token: string }>;

export type ConnectionPlan = { kind: 'ready'; connection: ReadyConnection } | { kind: 'none'; baseUrl: string | null };

export async function planConnection(env: NodeJS.ProcessEnv = process.env): Promise<ConnectionPlan> {
  const connection = await resolveConnection({ env });
  if (connection.token === null) return { kind: 'none', baseUrl: connection.baseUrl };
  return { kind: 'ready', connection };
}

/** The service address as the Client keeps it (no trailing slash). */
export function serviceBaseUrl(connection: ReadyConnection): string {
  return connection.baseUrl.replace(/\/+$/, '');
}

/** The header's "where the token came from · address" (never the token). */
export function connectionLabel(connection: ReadyConnection): string {
  return `${describeConnectionSource(connection).replace(/^token from /, '')} · ${serviceBaseUrl(connection)}`;
}
