// Shows a tree view's saved-copy mark (view.message) while its rows come from the offline cache,
// and keeps the age current; the mark goes as soon as the service's answer replaces the rows.
import * as vscode from 'vscode';
import type { AuthSession } from '../auth/auth-session';
import { savedCopyMark } from './saved-copy';

/** A tree that may be showing the offline cache's copy. */
export interface SavedCopySource {
  /** When the shown rows were saved, or undefined when they are the service's current answer. */
  readonly savedAt: number | undefined;
  readonly onDidChangeSavedCopy: vscode.Event<void>;
}

const AGE_EVERY_MS = 30_000;

export function showSavedCopyMark(view: vscode.TreeView<unknown>, source: SavedCopySource, auth: AuthSession): vscode.Disposable {
  let ageTimer: ReturnType<typeof setInterval> | undefined;
  const update = () => {
    const savedAt = source.savedAt;
    view.message = savedAt === undefined ? undefined : savedCopyMark(savedAt, auth.reachable, Date.now());
    if (savedAt !== undefined && !ageTimer) ageTimer = setInterval(update, AGE_EVERY_MS);
    if (savedAt === undefined && ageTimer) {
      clearInterval(ageTimer);
      ageTimer = undefined;
    }
  };
  const subscriptions = [source.onDidChangeSavedCopy(update), auth.onDidChangeReachable(update)];
  update();
  return new vscode.Disposable(() => {
    if (ageTimer) clearInterval(ageTimer);
    for (const s of subscriptions) s.dispose();
  });
}
