// VS Code extension entry: only wires. Trees, panels and commands arrive with their own modules.
import * as vscode from 'vscode';

export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('Workspace', { log: true });
  context.subscriptions.push(log);
  log.info('Workspace extension activated');
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
