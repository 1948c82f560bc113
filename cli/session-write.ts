// Every write of a subcommand goes through the account's outbox session (the one send policy):
// queued first, then sent behind what waits. Sent: its answer; the service cannot be reached: it
// waits (exit 8, a note on stderr, `queued` in --json); refused: the service's error (the entry is
// dropped: the text is still on the command line).
import type { Client, OutboxOperation, OutboxResult } from '../shared/index';
import type { ResolvedConnection } from '../shared/core';
import { CliError } from '../term/cli-error';
import { outboxSessionFor, queuedNote } from '../term/outbox';
import { EXIT } from './exit-codes';
import { olderOutboxReporter } from './outbox-notes';
import { safe, term, type Output } from './output';

export type CliWrite = { readonly kind: 'sent'; readonly result: OutboxResult } | { readonly kind: 'queued'; readonly exitCode: number };

export async function writeThroughOutbox(client: Client, connection: Pick<ResolvedConnection, 'token'>, operation: OutboxOperation, out: Output, json: boolean): Promise<CliWrite> {
  const session = await outboxSessionFor(client, { baseUrl: client.baseUrl, token: connection.token });
  if (session === undefined) return { kind: 'sent', result: await sendDirect(client, operation) };
  const older = olderOutboxReporter(out);
  let mine = -1;
  session.on({
    sent: (entry, result) => entry.id !== mine && older.onSent?.(entry, result),
    refused: (entry, said) => entry.id !== mine && older.onFailed?.(entry, said, undefined),
    setAside: (message) => out.note(term`wsc: ${safe(message)}`),
  });
  try {
    const sending = await session.send(operation, { dropRefused: true, waitForOthersMs: 10_000 });
    mine = sending.entry.id;
    const outcome = await sending.settled;
    switch (outcome.kind) {
      case 'sent':
        return { kind: 'sent', result: outcome.result };
      case 'refused':
        throw outcome.error ?? new CliError(outcome.reason.code, outcome.reason.message, outcome.reason.hint);
      case 'dropped':
        throw new CliError('conflict', 'It was dropped from the outbox (wsc outbox drop) before it was sent.', 'Run the command again if it is still wanted.');
      case 'queued':
        if (json) out.json({ queued: true, outbox_id: outcome.entry.id, reason: outcome.reason });
        out.note(term`wsc: ${safe(queuedNote(outcome.entry, outcome.reason))}`);
        return { kind: 'queued', exitCode: EXIT.queued };
    }
  } finally {
    await session.close();
  }
}

/** Without a token there is no account to queue for (never reached: connect() needs a token). */
async function sendDirect(client: Client, operation: OutboxOperation): Promise<OutboxResult> {
  const { sendOperation } = await import('../shared/outbox');
  return sendOperation(client, operation, crypto.randomUUID());
}
