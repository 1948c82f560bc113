// What the while-coding providers register for, read when they are registered at sign-in (their
// code loads at their first call: lazy-providers.ts).
import * as vscode from 'vscode';

/** Where the reference providers apply: files, untitled editors, workspace docs and the commit message box. */
export const REFERENCE_SELECTOR: vscode.DocumentSelector = [{ scheme: 'file' }, { scheme: 'untitled' }, { scheme: 'wsc-doc' }, { language: 'scminput' }];

/** Where TODO → task actions apply. */
export const TODO_SELECTOR: vscode.DocumentSelector = [{ scheme: 'file' }, { scheme: 'untitled' }];

/** The kinds of the TODO actions (a function: VS Code's API is not asked when the module loads). */
export function todoActionKinds(): vscode.CodeActionKind[] {
  return [vscode.CodeActionKind.QuickFix, vscode.CodeActionKind.RefactorRewrite];
}
