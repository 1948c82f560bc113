// Picking a task for "Link Comment to Task…" and "Add Selection to Task as Note…": my open tasks
// first, then the recent ones (the completion list, from the cache); typing filters by ref or title.
import * as vscode from 'vscode';
import type { ReferenceCache } from './reference-cache';
import { taskEntries } from './completion-entries';

export async function pickTask(cache: ReferenceCache, placeHolder: string): Promise<string | undefined> {
  const items = cache.completionTasks().then((tasks) =>
    taskEntries(tasks, '').map((e) => ({ label: e.label, description: e.description, detail: e.detail, ref: e.label })),
  );
  const chosen = await vscode.window.showQuickPick(items, { placeHolder, matchOnDescription: true });
  return chosen?.ref;
}
