// `wsc mcp`: the workspace's MCP for terminal agents, as a stdio server bridged to the service's
// /api/mcp. The address and token come from --url/--profile, WSC_URL/WSC_TOKEN or the saved profile
// (as for every subcommand), so an agent's config holds one command line and no token. Stdout is
// the MCP channel: nothing else is ever written there; diagnostics go to stderr, without the token.
// While the service cannot be reached, reads answer from the account's offline cache and writes
// queue in its outbox (shared/mcp/offline.ts); the bridge keeps what it reads in that cache.
import { Client, type OfflineCache, type OfflineMcpBridge, type OutboxSession, runMcpBridge } from '../shared/index';
import { CLIENT_NAME, notConnectedError, resolveFor } from '../term/connect';
import { accountFor, openAccountCache, openExistingCache } from '../term/offline-cache';
import { outboxSessionFor } from '../term/outbox';
import { noExtraPositionals, parseArgs } from './args';
import { createOutput, safe } from './output';

export async function runMcp(argv: string[]): Promise<number> {
  const args = parseArgs('mcp', argv);
  noExtraPositionals(args, 0, 'mcp');
  const out = createOutput();
  const connection = await resolveFor(args);
  if (connection.token === null || connection.baseUrl === null) throw notConnectedError(connection);
  const clientName = `${CLIENT_NAME}-mcp`;
  // The service's words can reach these lines (errors): sanitised like every other line.
  const log = (line: string) => out.note(safe(`wsc mcp: ${line}`));
  await runMcpBridge({ baseUrl: connection.baseUrl, token: connection.token, clientName, log, offline: terminalOfflineMcp({ baseUrl: connection.baseUrl, token: connection.token }, clientName, log) });
  return 0;
}

/** The account's cache and outbox for `wsc mcp`, each opened only when first needed. */
function terminalOfflineMcp(connection: { baseUrl: string; token: string }, clientName: string, log: (line: string) => void): OfflineMcpBridge {
  const client = new Client({ baseUrl: connection.baseUrl, token: connection.token, clientName });
  const warn = (line: string) => log(line.replace(/^wsc: /, ''));
  let session: Promise<OutboxSession | undefined> | undefined;
  return {
    async withCache<T>(create: boolean, use: (cache: OfflineCache) => T): Promise<T | undefined> {
      // Keeping an answer (the service answered) may learn the account first; reading never asks.
      const cache = create ? await openAccountCache(await accountFor(client, connection), warn) : await openExistingCache(connection, warn);
      if (!cache) return undefined;
      try {
        return use(cache);
      } finally {
        cache.close();
      }
    },
    outbox() {
      session ??= outboxSessionFor(client, connection).then(async (opened) => {
        opened?.on({ setAside: warn, refused: (entry, said) => log(`the service refused outbox entry ${entry.id}: ${said.message} ${said.hint}`) });
        return opened;
      });
      return session;
    },
    async flushOutbox() {
      // The first time the service answers: what an earlier run left in the outbox goes too (the
      // file is opened only when one exists).
      if (!session) await (await this.outbox())?.resume();
      const opened = await session;
      if (opened?.hasPending()) await opened.flush();
    },
    async close() {
      await (await session)?.close();
      await client.close();
    },
  };
}
