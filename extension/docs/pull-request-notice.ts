// A doc that mirrors the repository's rules file saves as a pull request: the save succeeds (the
// proposal is its result) and this one notice says so, with Open (the PR) and Revert Editor (back
// to the doc's text on the service).
import * as vscode from 'vscode';
import { docUri } from './doc-conflict-ui';
import { pullRequestNotice } from './doc-messages';

export interface PullRequestSave {
  docId: string;
  title: string;
  url: string;
  number: number;
  repeated: boolean;
}

/** `currentText`: the doc's text on the service now. */
export async function showPullRequestNotice(save: PullRequestSave, currentText: () => Promise<string>): Promise<void> {
  const [open, revert] = [vscode.l10n.t('Open'), vscode.l10n.t('Revert Editor')];
  const picked = await vscode.window.showInformationMessage(pullRequestNotice(save.title, save.number, save.repeated), open, revert);
  if (picked === open) await vscode.env.openExternal(vscode.Uri.parse(save.url));
  if (picked === revert) {
    const document = await vscode.workspace.openTextDocument(docUri(save.docId, save.title));
    await vscode.window.showTextDocument(document);
    if (document.isDirty) {
      await vscode.commands.executeCommand('workbench.action.files.revert', document.uri);
      return;
    }
    // The proposal was a written save, so VS Code holds the proposed text as saved and a revert
    // would not re-read: put the service's text in and save it (nothing is sent; undo brings the
    // proposal back).
    const text = await currentText();
    const edit = new vscode.WorkspaceEdit();
    edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
    if (await vscode.workspace.applyEdit(edit)) await document.save();
  }
}
