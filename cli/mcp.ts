// `wsc mcp`: the workspace's MCP for terminal agents, as a stdio server bridged to the service's
// /api/mcp. The address and token come from --url/--profile, WSC_URL/WSC_TOKEN or the saved profile
// (as for every subcommand), so an agent's config holds one command line and no token. Stdout is
// the MCP channel: nothing else is ever written there; diagnostics go to stderr, without the token.
// While the service cannot be reached, reads answer from the account's offline cache and writes
// queue in its outbox (shared/mcp/offline.ts); the bridge keeps what it reads in that cache.
import { Client, hasOutbox, provisionalAccount, terminalOfflineRoot, type OfflineCache, type OfflineMcpBridge, type OutboxSession, runMcpBridge } from '../shared/index';
import { CLIENT_NAME, notConnectedError, resolveFor } from '../term/connect';
import { accountFor, knownAccount, openAccountCache, openExistingCache } from '../term/offline-cache';
import { adoptProvisionalOutbox, outboxSessionFor, terminalOutboxSession } from '../term/outbox';
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
  /** The session once open: closing never waits for one still being opened. */
  let opened: OutboxSession | undefined;
  const follow = (made: OutboxSession | undefined) => {
    made?.on({ setAside: warn, refused: (entry, said) => log(`the service refused outbox entry ${entry.id}: ${said.message} ${said.hint}`) });
    opened = made;
    return made;
  };
  /**
   * The first time the service answers: what an earlier run left in this token's outbox goes too
   * (the account as known on this machine, nothing asked; the file is opened only when one exists).
   */
  let resuming: Promise<void> | undefined;
  const resumeEarlier = async () => {
    if (session) return;
    const root = terminalOfflineRoot();
    const known = knownAccount(connection.baseUrl, connection.token, root);
    const provisional = provisionalAccount(connection);
    // Written before the account was known: moved into the account's own outbox, in order.
    if (known && hasOutbox(root, provisional)) await adoptProvisionalOutbox(root, connection, known);
    const account = known && hasOutbox(root, known) ? known : hasOutbox(root, provisional) ? provisional : undefined;
    if (!account || session) return;
    session = Promise.resolve(follow(terminalOutboxSession(client, account, root)));
    await opened?.resume();
  };
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
    async outbox() {
      await resuming;
      session ??= outboxSessionFor(client, connection).then(follow);
      return session;
    },
    async flushOutbox() {
      resuming ??= resumeEarlier().catch((error: unknown) => log(`what waits in the outbox was not sent this time: ${error instanceof Error ? error.message : String(error)}; 'wsc outbox retry' sends it.`));
      await resuming;
      if (opened?.hasPending()) await opened.flush();
    },
    async close() {
      await opened?.close();
      await client.close();
    },
  };
}
