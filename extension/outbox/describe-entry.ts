// How an outbox entry is named to the person (quick pick, sign-out warning): vscode-free.
import { describeOutboxOperation, type OutboxEntry } from '../../shared/index';
import { l10n } from '../l10n';

export function describeOutboxEntry(entry: OutboxEntry): { label: string; detail: string } {
  const state = entry.state === 'failed' ? l10n.t('Not sent (refused)') : l10n.t('Waiting to send');
  const what = describeOutboxOperation(entry.operation);
  const said = entry.lastError ? ` — ${entry.lastError.message} ${entry.lastError.hint}`.trimEnd() : '';
  return { label: `${entry.state === 'failed' ? '$(error)' : '$(clock)'} ${what}`, detail: `${state}${said}` };
}

export function countLabel(n: number): string {
  return n === 1 ? l10n.t('{0} unsent message', n) : l10n.t('{0} unsent messages', n);
}
