/**
 * Sends what waits in the outbox, oldest first, through the Client with each entry's own
 * idempotency key. Unreachable, 5xx and 429 stop the replay with the entry still pending; a refusal
 * (400, 403, 404, 409, …) marks the entry failed with the service's message and goes on with the next.
 */
import type { Client } from '../client';
import type { EditMessageResult, PatchTaskResult, PostMessageResult } from '../contract';
import { saveDoc, type SaveDocResult } from '../docs/save-doc';
import { ApiError } from '../errors';
import { isWorthQueueing, outboxErrorOf, type OutboxError } from './outbox-errors';
import { newOutboxOwner, type Outbox, type OutboxEntry, type OutboxOperation, type OutboxOwner } from './outbox-store';

export { isWorthQueueing, outboxErrorOf };

export type OutboxResult = PostMessageResult | EditMessageResult | PatchTaskResult | SaveDocResult;

/** The part of the Client the outbox sends through. */
export type OutboxSender = Pick<Client, 'postMessage' | 'editMessage' | 'patchTask' | 'patchDoc' | 'getDoc' | 'channels'>;

export async function sendOperation(client: OutboxSender, operation: OutboxOperation, idempotencyKey: string, signal?: AbortSignal): Promise<OutboxResult> {
  const opts = { idempotencyKey, ...(signal ? { signal } : {}) };
  switch (operation.kind) {
    case 'post': {
      const channelId = operation.channelId || (await channelNamed(client, operation.channelName ?? '', signal));
      return client.postMessage(channelId, { body: operation.body, ...(operation.parentId ? { parent_id: operation.parentId } : {}) }, opts);
    }
    case 'edit':
      return client.editMessage(operation.messageId, operation.body, opts);
    case 'task_update':
      return client.patchTask(operation.taskRef, operation.patch, opts);
    case 'doc_save':
      return sendDocSave(client, operation, idempotencyKey, signal);
  }
}

/**
 * A post written while the service could not be asked which channel a name means (never reached
 * before): the name is resolved when it is sent. No such channel is a refusal the person sees.
 */
async function channelNamed(client: OutboxSender, given: string, signal?: AbortSignal): Promise<string> {
  const wanted = given.replace(/^#/, '').toLowerCase();
  const channels = await client.channels(signal ? { signal } : {});
  const match = channels.filter((c) => c.id === given || c.name.toLowerCase() === wanted);
  if (match.length === 1 && match[0]) return match[0].id;
  throw new ApiError({
    code: 'not_found',
    status: 404,
    path: '/channels',
    message: match.length > 1 ? `More than one channel is named "${given}", so the post written offline was not sent.` : `No channel "${given}" that you can read, so the post written offline was not sent.`,
    hint: 'Edit it (wsc outbox list shows it) or drop it and post again naming the channel by id (wsc channels lists them).',
  });
}

/**
 * A doc saved by compare-and-set against the version it was edited from. When someone saved in
 * between, edits that do not overlap are merged and the merge saved on top of theirs; overlapping
 * ones are refused as a conflict (the entry stays with the person's text).
 */
async function sendDocSave(client: OutboxSender, op: Extract<OutboxOperation, { kind: 'doc_save' }>, idempotencyKey: string, signal?: AbortSignal): Promise<SaveDocResult> {
  const opts = { idempotencyKey, ...(signal ? { signal } : {}) };
  let result = await saveDoc(client, { id: op.docId, base: op.base, mine: op.mine }, opts);
  if (result.kind === 'merged_clean') {
    result = await saveDoc(client, { id: op.docId, base: result.theirs, mine: result.merged }, { ...opts, idempotencyKey: `${idempotencyKey}:merged` });
  }
  if (result.kind === 'failed') throw result.error;
  if (result.kind === 'conflict' || result.kind === 'merged_clean') {
    const where = result.kind === 'conflict' ? ` (lines ${result.hunks.map((h) => h.markerLine).join(', ')})` : '';
    throw new ApiError({
      code: 'conflict',
      status: 409,
      path: `/docs/${op.docId}`,
      message: `The doc "${op.title}" changed since you edited it and your edits overlap with the newer version${where}; it was not saved.`,
      hint: `Open it with wsc doc edit ${op.docId} and apply your text again (wsc outbox list --json shows it), then drop this entry.`,
    });
  }
  return result;
}

export interface ReplayHandlers {
  onSent?(entry: OutboxEntry, result: OutboxResult): void;
  onFailed?(entry: OutboxEntry, said: OutboxError, error: unknown): void;
  /** Dropped while it was being sent (by this process or another): the send was stopped. */
  onDropped?(entry: OutboxEntry): void;
}

/** How often a sender looks whether someone asked to drop the entry it is sending. */
export const DROP_WATCH_MS = 100;

export interface ReplayReport {
  readonly sent: number;
  readonly failed: number;
  /** Why the replay stopped with entries still pending (unreachable, 5xx, 429, 401). */
  readonly stoppedBy?: OutboxError;
  /** Another process (or replayer) is sending the oldest pending entry; it sends the rest in order. */
  readonly busy: boolean;
}

/** Sends pending entries in order until none is left, the service cannot be reached, or another replayer holds the next one. */
export async function replayOutbox(outbox: Outbox, client: OutboxSender, handlers: ReplayHandlers = {}, owner: OutboxOwner = newOutboxOwner(), signal?: AbortSignal): Promise<ReplayReport> {
  let sent = 0;
  let failed = 0;
  for (;;) {
    if (signal?.aborted) return { sent, failed, busy: false };
    const claim = outbox.claimNext(owner);
    if (claim === undefined) return { sent, failed, busy: false };
    if (claim === 'busy') return { sent, failed, busy: true };
    let result: OutboxResult;
    const dropWatch = watchForDrop(outbox, claim.entry.id, signal);
    try {
      result = await sendOperation(client, claim.entry.operation, claim.entry.idempotencyKey, dropWatch.signal);
    } catch (error) {
      const said = outboxErrorOf(error);
      if (dropWatch.dropped()) {
        outbox.completeDrop(claim);
        handlers.onDropped?.(claim.entry);
        continue;
      }
      if (isWorthQueueing(error) || signal?.aborted) {
        outbox.release(claim, said);
        return { sent, failed, stoppedBy: said, busy: false };
      }
      outbox.markFailed(claim, said);
      failed++;
      handlers.onFailed?.(claim.entry, said, error);
      continue;
    } finally {
      dropWatch.stop();
    }
    outbox.markSent(claim.entry.id, result);
    sent++;
    handlers.onSent?.(claim.entry, result);
  }
}

/**
 * While one entry is sent: a signal that also aborts when someone (another process's `wsc outbox
 * drop`, another window) asks to drop that entry, so a dropped write is never sent when the
 * request has not reached the service yet.
 */
function watchForDrop(outbox: Outbox, id: number, outer: AbortSignal | undefined): { signal: AbortSignal; dropped(): boolean; stop(): void } {
  const controller = new AbortController();
  let dropped = false;
  const onOuter = () => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener('abort', onOuter, { once: true });
  const timer = setInterval(() => {
    try {
      if (!outbox.dropRequested(id)) return;
    } catch {
      return; // a busy or closed store: looked at again next time
    }
    dropped = true;
    controller.abort(new Error('Dropped from the outbox while it was being sent.'));
  }, DROP_WATCH_MS);
  timer.unref?.();
  return {
    signal: controller.signal,
    dropped: () => dropped,
    stop: () => {
      clearInterval(timer);
      outer?.removeEventListener('abort', onOuter);
    },
  };
}
