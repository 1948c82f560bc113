/**
 * One write from a one-shot caller that holds an open outbox: the session's send policy (queued
 * first, durable before any attempt, then sent behind whatever already waits), waited for. It
 * comes back sent, queued (the service could not be reached, or another process still sends what
 * waits; it stays for the next replay), refused or dropped.
 */
import type { Clock } from '../clock';
import { OutboxSession, type SendOutcome } from '../session/outbox-session';
import type { Outbox, OutboxOperation } from './outbox-store';
import type { OutboxSender, ReplayHandlers } from './outbox-replay';

export type { SendOutcome };

export interface SendOptions {
  /** A refusal removes the entry (the CLI, whose text is still on the command line); default: keep it as failed. */
  dropRefused?: boolean;
  /** How long to wait for another process that is sending the entries before this one (default 10 s). */
  waitForOthersMs?: number;
  /** Told about the older entries this replay sends or that are refused on the way. */
  handlers?: ReplayHandlers;
  idempotencyKey?: string;
  clock?: Clock;
}

export async function sendThroughOutbox(outbox: Outbox, client: OutboxSender, operation: OutboxOperation, options: SendOptions = {}): Promise<SendOutcome> {
  const session = new OutboxSession({
    root: '',
    account: { serviceUrl: '', workspaceId: '', userId: '' },
    client,
    openOutbox: () => Promise.resolve(outbox),
    hasOutbox: () => true,
    // One attempt: what is still waiting afterwards is the next command's (or session's) to send.
    retryEveryMs: 2 ** 31 - 1,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  let mine = -1;
  session.on({
    sent: (entry, result) => {
      if (entry.id !== mine) options.handlers?.onSent?.(entry, result);
    },
    refused: (entry, said) => {
      if (entry.id !== mine) options.handlers?.onFailed?.(entry, said, undefined);
    },
  });
  try {
    const sending = await session.send(operation, {
      dropRefused: options.dropRefused === true,
      waitForOthersMs: options.waitForOthersMs ?? 10_000,
      ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
    });
    mine = sending.entry.id;
    return await sending.settled;
  } finally {
    await session.detach();
  }
}
