// VS Code's input boxes for sign-in: the service address and the personal token.
import * as vscode from 'vscode';
import { serviceUrlAnswer, serviceUrlInputError, tokenAnswer, tokenInputError } from './sign-in-flow';

export async function askServiceUrl(current?: string): Promise<string | undefined> {
  const url = await vscode.window.showInputBox({
    value: current,
    title: 'Workspace service address',
    prompt: 'The address of your workspace service (or run "Workspace: Use the Local Demo Service").',
    placeHolder: 'https://workspace.example.com',
    ignoreFocusOut: true,
    validateInput: serviceUrlInputError,
  });
  return serviceUrlAnswer(url);
}

export async function askToken(serviceUrl: string): Promise<string | undefined> {
  const token = await vscode.window.showInputBox({
    title: 'Sign in to the workspace',
    prompt: `Personal token for ${serviceUrl} (kept in the editor's secret storage only).`,
    placeHolder: 'hpt_…',
    password: true,
    ignoreFocusOut: true,
    validateInput: tokenInputError,
  });
  return tokenAnswer(token);
}
