// Commands' questions in VS Code's quick picks, input boxes and notifications.
import * as vscode from 'vscode';
import type { Questions } from './questions';

export const vscodeQuestions: Questions = {
  async pick(items, placeHolder) {
    return vscode.window.showQuickPick([...items], { placeHolder, matchOnDescription: true });
  },
  async text(question) {
    return vscode.window.showInputBox({
      title: question.title,
      prompt: question.prompt,
      value: question.value,
      placeHolder: question.placeHolder,
      validateInput: question.validate,
      ignoreFocusOut: true,
    });
  },
  async notify(message, ...buttons) {
    return vscode.window.showInformationMessage(message, ...buttons);
  },
};
