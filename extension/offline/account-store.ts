// Where VS Code keeps an account's offline files: the same account folder as the terminal's
// (`$XDG_STATE_HOME/wsc/offline/<account>`, see shared/offline/store-folder.ts), so the cache, the
// outbox, the mention cursor and read marks are one per account on this machine, whichever home
// wrote them. The extension host runs where the files are (a remote host keeps its own).
import type * as vscode from 'vscode';
import { terminalOfflineRoot } from '../../shared/index';

export function accountStoreRoot(_context: Pick<vscode.ExtensionContext, 'globalStorageUri'>): string {
  return terminalOfflineRoot();
}
