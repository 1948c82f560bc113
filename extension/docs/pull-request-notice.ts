// A doc that mirrors the repository's rules file saves as a pull request: say so, with Open (the PR)
// and Revert Editor (back to the doc's text on the service).
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

export async function showPullRequestNotice(save: PullRequestSave): Promise<void> {
  const picked = await vscode.window.showInformationMessage(pullRequestNotice(save.title, save.number, save.repeated), 'Open', 'Revert Editor');
  if (picked === 'Open') await vscode.env.openExternal(vscode.Uri.parse(save.url));
  if (picked === 'Revert Editor') {
    const document = await vscode.workspace.openTextDocument(docUri(save.docId, save.title));
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.files.revert', document.uri);
  }
}
