// The terminal's way to the outbox (shared by the subcommands and the UI): which account's file,
// how an entry is described, and what is said when a write is queued.
// The store itself (shared/outbox.ts) loads SQLite: it is imported only when an outbox is opened.
import { rmSync } from 'node:fs';
import {
  describeOutboxOperation,
  hasOutbox,
  isWorthQueueing,
  knownAccount,
  offlineAccountFolder,
  OutboxSession,
  provisionalAccount,
  rememberAccount,
  terminalOfflineRoot,
  type Client,
  type Identity,
  type OfflineAccount,
  type Outbox,
  type OutboxEntry,
  type OutboxError,
  type OutboxSender,
} from '../shared/index';
import { loadOfflineStore } from './store-loading';

export interface OutboxConnection {
  readonly baseUrl: string;
  readonly token: string | null;
}

/** Opens one account's outbox file, with SQLite loaded the terminal's way. */
export async function openTerminalOutbox(root: string, account: OfflineAccount): Promise<Outbox> {
  const { openAccountOutbox } = await loadOfflineStore(() => import('../shared/outbox'));
  return openAccountOutbox(root, account);
}

/** The outbox session of one account in the terminal (the UI and the subcommands alike). */
export function terminalOutboxSession(client: OutboxSender, account: OfflineAccount, root: string = terminalOfflineRoot()): OutboxSession {
  return new OutboxSession({ root, account, client, openOutbox: openTerminalOutbox, hasOutbox });
}

/**
 * The account this connection acts as, for its outbox: known from an earlier call, else asked once
 * (GET /me; what a provisional outbox of this token holds then moves to it); while the service
 * cannot be reached and the account was never learnt, a provisional one of this token's own, so
 * the write still waits and is sent (and the account learnt) by a later command.
 */
export async function outboxAccountFor(client: Pick<Client, 'me'>, connection: OutboxConnection, root: string = terminalOfflineRoot()): Promise<OfflineAccount | undefined> {
  if (connection.token === null) return undefined;
  const keys = { baseUrl: connection.baseUrl, token: connection.token };
  const known = knownAccount(root, keys);
  if (known) return known;
  let me: Identity;
  try {
    me = await client.me();
  } catch (error) {
    if (isWorthQueueing(error)) return provisionalAccount(keys);
    throw error;
  }
  const account = rememberAccount(root, keys, me);
  await adoptProvisionalOutbox(root, keys, account);
  return account;
}

/** The outbox session for this connection's account (see outboxAccountFor); undefined without a token. */
export async function outboxSessionFor(client: Client, connection: OutboxConnection, root: string = terminalOfflineRoot()): Promise<OutboxSession | undefined> {
  const account = await outboxAccountFor(client, connection, root);
  return account ? terminalOutboxSession(client, account, root) : undefined;
}

/**
 * Moves what a provisional outbox of this token holds (written before the account was known) into
 * the account's own outbox, in order and with the same idempotency keys, then removes it.
 */
export async function adoptProvisionalOutbox(root: string, connection: { baseUrl: string; token: string }, account: OfflineAccount): Promise<number> {
  const provisional = provisionalAccount(connection);
  if (!hasOutbox(root, provisional)) return 0;
  const from = await openTerminalOutbox(root, provisional);
  let moved = 0;
  try {
    const to = await openTerminalOutbox(root, account);
    try {
      for (const entry of from.list()) {
        to.enqueue(entry.operation, entry.idempotencyKey);
        from.drop(entry.id);
        moved += 1;
      }
    } finally {
      to.close();
    }
  } finally {
    from.close();
  }
  rmSync(offlineAccountFolder(root, provisional), { recursive: true, force: true });
  return moved;
}

/** The outbox only when this connection's account (or its provisional one) has a file (nothing is asked or made). */
export async function existingOutboxFor(connection: OutboxConnection, env: NodeJS.ProcessEnv = process.env): Promise<Outbox | undefined> {
  if (connection.token === null) return undefined;
  const root = terminalOfflineRoot(env);
  const keys = { baseUrl: connection.baseUrl, token: connection.token };
  const account = knownAccount(root, keys) ?? provisionalAccount(keys);
  if (!hasOutbox(root, account)) return undefined;
  return openTerminalOutbox(root, account);
}

/** One line: what the entry does, e.g. `post in #general: "hello"` (the shared label). */
export const describeOperation = describeOutboxOperation;

/** Why it waits, in words: unreachable, or what the service answered. */
export function describeReason(reason: OutboxError): string {
  if (reason.code === 'network_error') return 'the service could not be reached';
  if (reason.status === 429) return 'the service asked to slow down (429)';
  if (reason.status >= 500) return `the service failed (${reason.status})`;
  return reason.message;
}

/** Said on stderr when a write is queued. */
export function queuedNote(entry: OutboxEntry, reason: OutboxError): string {
  return `queued: ${describeReason(reason)}; wsc outbox retry sends it (outbox entry ${entry.id}).`;
}
