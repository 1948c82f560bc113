// The terminal's way to the outbox (shared by the subcommands and the UI): which account's file,
// how an entry is described, and what is said when a write is queued.
// The store itself (shared/outbox.ts) loads SQLite: it is imported only when an outbox is opened.
import { hasOutbox, isWorthQueueing, knownAccount, rememberAccount, terminalOfflineRoot, type Client, type Outbox, type OutboxEntry, type OutboxError, type OutboxOperation } from '../shared/index';
import { loadOfflineStore } from './store-loading';

export interface OutboxConnection {
  readonly baseUrl: string;
  readonly token: string | null;
}

/**
 * The outbox of the account this connection acts as: known from an earlier call, else asked once
 * (GET /me). Undefined when it cannot be known (this token never reached the service yet).
 */
export async function outboxFor(client: Pick<Client, 'me'>, connection: OutboxConnection, env: NodeJS.ProcessEnv = process.env): Promise<Outbox | undefined> {
  if (connection.token === null) return undefined;
  const keys = { baseUrl: connection.baseUrl, token: connection.token };
  const root = terminalOfflineRoot(env);
  let account = knownAccount(root, keys);
  if (!account) {
    try {
      account = rememberAccount(root, keys, await client.me());
    } catch (error) {
      if (isWorthQueueing(error)) return undefined;
      throw error;
    }
  }
  const { openAccountOutbox } = await loadOfflineStore(() => import('../shared/outbox'));
  return openAccountOutbox(root, account);
}

/** The outbox only when this connection's account is known and its file exists (nothing is asked or made). */
export async function existingOutboxFor(connection: OutboxConnection, env: NodeJS.ProcessEnv = process.env): Promise<Outbox | undefined> {
  if (connection.token === null) return undefined;
  const root = terminalOfflineRoot(env);
  const account = knownAccount(root, { baseUrl: connection.baseUrl, token: connection.token });
  if (!account || !hasOutbox(root, account)) return undefined;
  const { openAccountOutbox } = await loadOfflineStore(() => import('../shared/outbox'));
  return openAccountOutbox(root, account);
}

const PREVIEW = 60;

function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW ? `${line.slice(0, PREVIEW - 1)}…` : line;
}

/** One line: what the entry does, e.g. `post in #general: "hello"`. */
export function describeOperation(operation: OutboxOperation): string {
  switch (operation.kind) {
    case 'post': {
      const where = operation.channelName ? `#${operation.channelName}` : operation.channelId;
      return `${operation.parentId ? 'reply' : 'post'} in ${where}: "${preview(operation.body)}"`;
    }
    case 'edit':
      return `edit of message ${operation.messageId}: "${preview(operation.body)}"`;
    case 'task_update':
      return `update of ${operation.taskRef}: ${Object.keys(operation.patch).join(', ')}`;
    case 'doc_save':
      return `save of the doc "${preview(operation.title)}" (edited from its version of ${operation.base.updated_at})`;
  }
}

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
