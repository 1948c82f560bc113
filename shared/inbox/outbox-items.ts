// Writes the service refused, waiting in the outbox (a doc save whose merge conflicts among them):
// one item per entry, done by itself once the entry is sent again or dropped.
import type { OutboxEntry } from '../offline/outbox-store';
import { describeOutboxOperation } from '../session/outbox-labels';
import type { InboxArrival } from './inbox-item';

export function outboxArrival(entry: OutboxEntry): InboxArrival | undefined {
  if (entry.state !== 'failed') return undefined;
  const op = entry.operation;
  const conflict = op.kind === 'doc_save' && entry.lastError?.code === 'conflict';
  const why = entry.lastError ? `${entry.lastError.message}` : 'refused';
  return {
    id: `outbox:${entry.id}`,
    source: 'outbox',
    title: conflict ? `Doc conflict waits for you: ${op.kind === 'doc_save' ? op.title : ''}` : `Not sent: ${describeOutboxOperation(op)} (${why})`,
    where: 'outbox',
    at: new Date(entry.createdAt).toISOString(),
    target: op.kind === 'doc_save' ? { kind: 'doc', docId: op.docId } : { kind: 'outbox', entryId: entry.id },
    ...(op.kind === 'task_update' ? { taskRef: op.taskRef } : {}),
  };
}
