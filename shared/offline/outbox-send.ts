/**
 * One write from a face: queued first (durable before any attempt, with its key), then sent behind
 * whatever already waits. It comes back sent, queued (the service could not be reached; it stays
 * for the next replay) or refused.
 */
import type { Clock } from '../clock';
import { systemClock } from '../clock';
import { newOutboxOwner, type Outbox, type OutboxEntry, type OutboxError, type OutboxOperation } from './outbox-store';
import { replayOutbox, type OutboxResult, type OutboxSender, type ReplayHandlers } from './outbox-replay';

export type SendOutcome =
  | { readonly kind: 'sent'; readonly entry: OutboxEntry; readonly result: OutboxResult }
  | { readonly kind: 'queued'; readonly entry: OutboxEntry; readonly reason: OutboxError }
  /** Refused by the service; still in the outbox as failed (unless the caller asked to drop it). */
  | { readonly kind: 'refused'; readonly entry: OutboxEntry; readonly reason: OutboxError; readonly error: unknown };

export interface SendOptions {
  /** A refusal removes the entry (the CLI, whose text is still on the command line); default: keep it as failed. */
  dropRefused?: boolean;
  /** How long to wait for another process that is sending the entries before this one (default 10 s). */
  waitForOthersMs?: number;
  /** Told about the older entries this replay sends or that are refused on the way. */
  handlers?: ReplayHandlers;
  clock?: Clock;
}

const BUSY_POLL_MS = 50;

export async function sendThroughOutbox(outbox: Outbox, client: OutboxSender, operation: OutboxOperation, options: SendOptions = {}): Promise<SendOutcome> {
  const clock = options.clock ?? systemClock;
  const entry = outbox.enqueue(operation);
  const owner = newOutboxOwner();
  const waitUntil = clock.now() + (options.waitForOthersMs ?? 10_000);
  let outcome: SendOutcome | undefined;
  const handlers: ReplayHandlers = {
    onSent(e, result) {
      if (e.id === entry.id) outcome = { kind: 'sent', entry: e, result };
      else options.handlers?.onSent?.(e, result);
    },
    onFailed(e, said, error) {
      if (e.id === entry.id) outcome = { kind: 'refused', entry: e, reason: said, error };
      else options.handlers?.onFailed?.(e, said, error);
    },
  };
  for (;;) {
    const report = await replayOutbox(outbox, client, handlers, owner);
    if (outcome?.kind === 'refused' && options.dropRefused) outbox.drop(entry.id);
    if (outcome) return outcome;
    const now = outbox.get(entry.id);
    if (now === undefined) return sentByAnother(outbox, entry);
    // Stopped (unreachable, 5xx, 429, 401): the entry was released with that reason as its lastError.
    if (!report.busy) return { kind: 'queued', entry: now, reason: now.lastError ?? unsentReason() };
    if (clock.now() >= waitUntil) return { kind: 'queued', entry: now, reason: busyReason() };
    await clock.sleep(BUSY_POLL_MS);
  }
}

/** Another process sent it (its answer is kept with the entry), or the person dropped it meanwhile. */
function sentByAnother(outbox: Outbox, entry: OutboxEntry): SendOutcome {
  const result = outbox.sentResult(entry.id);
  if (result !== undefined) return { kind: 'sent', entry, result: result as OutboxResult };
  const reason: OutboxError = { code: 'outbox_dropped', message: 'It was dropped from the outbox before it was sent.', hint: 'Send it again if it is still wanted.', status: 0 };
  return { kind: 'refused', entry, reason, error: new Error(reason.message) };
}

function busyReason(): OutboxError {
  return {
    code: 'outbox_busy',
    message: 'Another wsc process is sending the outbox.',
    hint: 'It sends this too, in order; wsc outbox list shows what still waits.',
    status: 0,
  };
}

function unsentReason(): OutboxError {
  return { code: 'outbox_waiting', message: 'Not sent yet.', hint: 'wsc outbox retry sends it.', status: 0 };
}
