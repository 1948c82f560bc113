// How an outbox entry is named to the person (quick pick, sign-out warning): vscode-free.
import type { OutboxEntry } from '../../shared/index';

export function describeOutboxEntry(entry: OutboxEntry): { label: string; detail: string } {
  const op = entry.operation;
  const state = entry.state === 'failed' ? 'Not sent (refused)' : 'Waiting to send';
  const what =
    op.kind === 'post'
      ? `${op.parentId ? 'Reply' : 'Message'}${op.channelName ? ` in #${op.channelName}` : ''}: ${firstLine(op.body)}`
      : op.kind === 'edit'
        ? `Edit: ${firstLine(op.body)}`
        : op.kind === 'task_update'
          ? `Task change: ${op.taskRef}`
          : `Doc save: ${op.title}`;
  const said = entry.lastError ? ` — ${entry.lastError.message} ${entry.lastError.hint}`.trimEnd() : '';
  return { label: `${entry.state === 'failed' ? '$(error)' : '$(clock)'} ${what}`, detail: `${state}${said}` };
}

export function countLabel(n: number): string {
  return `${n} unsent ${n === 1 ? 'message' : 'messages'}`;
}

function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
