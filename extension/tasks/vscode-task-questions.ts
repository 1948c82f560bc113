// The task commands' questions in VS Code's quick picks, input boxes and notifications.
import * as vscode from 'vscode';
import type { TaskQuestions } from './task-questions';

export const vscodeTaskQuestions: TaskQuestions = {
  async pick(items, placeHolder) {
    return vscode.window.showQuickPick([...items], { placeHolder });
  },
  async text(question) {
    return vscode.window.showInputBox({ title: question.title, prompt: question.prompt, value: question.value, ignoreFocusOut: true });
  },
  async notify(message, ...buttons) {
    return vscode.window.showInformationMessage(message, ...buttons);
  },
};
