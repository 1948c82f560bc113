// The pull-request commands' questions in VS Code: a quick pick of tasks, an input box for the URL,
// notifications for the outcome.
import * as vscode from 'vscode';
import type { PrQuestions } from './pr-questions';

export const vscodePrQuestions: PrQuestions = {
  async pickTask(tasks, placeHolder) {
    const picked = await vscode.window.showQuickPick(
      tasks.map((t) => ({ label: `${t.ref} ${t.title}`, description: t.status, ref: t.ref })),
      { placeHolder, matchOnDescription: true },
    );
    return picked?.ref;
  },
  prUrl(question) {
    return Promise.resolve(
      vscode.window.showInputBox({ title: question.title, prompt: question.prompt, value: question.value, ignoreFocusOut: true, validateInput: question.validate }),
    );
  },
  async confirm(message, button) {
    return (await vscode.window.showInformationMessage(message, button)) === button;
  },
  info(message) {
    void vscode.window.showInformationMessage(message);
  },
};
