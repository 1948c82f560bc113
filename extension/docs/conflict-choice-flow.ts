// Which waiting doc conflict "Resolve Conflict" opens (vscode-free): the one the argument names, the
// only one, or one the person picks; and what to say when none is waiting.
import type { Questions } from '../questions';
import type { PendingConflict } from './pending-conflicts';
import { l10n } from '../l10n';

export const noConflictWaiting = (): string => l10n.t('No doc conflict is waiting: every save went through.');

export async function conflictToResolve(all: readonly PendingConflict[], arg: unknown, ask: Questions): Promise<PendingConflict | undefined> {
  const wanted = typeof arg === 'object' && arg !== null ? (arg as { docId?: unknown }).docId : undefined;
  const named = all.find((c) => c.docId === wanted);
  if (named) return named;
  if (all.length === 1) return all[0];
  if (all.length === 0) {
    void ask.notify(noConflictWaiting());
    return undefined;
  }
  const picked = await ask.pick(
    all.map((c) => ({ label: c.title, description: l10n.t('since {0}', c.at), conflict: c })),
    l10n.t('Resolve the conflict of which doc?'),
  );
  return picked?.conflict;
}
