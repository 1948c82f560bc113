// How a write waiting in the outbox is named, the same in every face (wsc outbox list, the
// terminal UI's notes, VS Code's outbox pick): `post in #general: "hello"`, a DM by `@` and its
// members. Plain text: a terminal face sanitises it.
import { roomLabel } from '../channels/channel-name';
import type { OutboxOperation } from '../offline/outbox-store';

const PREVIEW = 60;

function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW ? `${line.slice(0, PREVIEW - 1)}…` : line;
}

export function describeOutboxOperation(operation: OutboxOperation): string {
  switch (operation.kind) {
    case 'post': {
      const where = operation.channelName ? roomLabel({ kind: operation.channelKind ?? 'channel', name: operation.channelName }) : operation.channelId;
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
