// Opening a task's linked pull request and copying its ref (VS Code's browser and clipboard).
import * as vscode from 'vscode';
import type { TaskRow } from '../../shared/index';

export async function openTaskPr(task: TaskRow): Promise<void> {
  if (!task.pr_url) {
    void vscode.window.showInformationMessage(vscode.l10n.t('{0} has no linked pull request.', task.ref));
    return;
  }
  await vscode.env.openExternal(vscode.Uri.parse(task.pr_url, true));
}

export async function copyTaskRef(task: TaskRow): Promise<void> {
  await vscode.env.clipboard.writeText(task.ref);
  vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', task.ref), 3000);
}
