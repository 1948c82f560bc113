// VS Code's input boxes for sign-in: the service address and the personal token.
import * as vscode from 'vscode';
import { serviceUrlAnswer, serviceUrlInputError, tokenAnswer, tokenInputError } from './sign-in-flow';

export async function askServiceUrl(current?: string): Promise<string | undefined> {
  const url = await vscode.window.showInputBox({
    value: current,
    title: vscode.l10n.t('Workspace service address'),
    prompt: vscode.l10n.t('The address of your workspace service (or run "Workspace: Use the Local Demo Service").'),
    placeHolder: 'https://workspace.example.com',
    ignoreFocusOut: true,
    validateInput: serviceUrlInputError,
  });
  return serviceUrlAnswer(url);
}

export async function askToken(serviceUrl: string): Promise<string | undefined> {
  const token = await vscode.window.showInputBox({
    title: vscode.l10n.t('Sign in to the workspace'),
    prompt: vscode.l10n.t("Personal token for {0} (kept in the editor's secret storage only).", serviceUrl),
    placeHolder: 'hpt_…',
    password: true,
    ignoreFocusOut: true,
    validateInput: tokenInputError,
  });
  return tokenAnswer(token);
}
