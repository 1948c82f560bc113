// How an outbox entry is named to the person (quick pick, sign-out warning): vscode-free.
import { describeOutboxOperation, type OutboxEntry } from '../../shared/index';

export function describeOutboxEntry(entry: OutboxEntry): { label: string; detail: string } {
  const state = entry.state === 'failed' ? 'Not sent (refused)' : 'Waiting to send';
  const what = describeOutboxOperation(entry.operation);
  const said = entry.lastError ? ` — ${entry.lastError.message} ${entry.lastError.hint}`.trimEnd() : '';
  return { label: `${entry.state === 'failed' ? '$(error)' : '$(clock)'} ${what}`, detail: `${state}${said}` };
}

export function countLabel(n: number): string {
  return `${n} unsent ${n === 1 ? 'message' : 'messages'}`;
}
