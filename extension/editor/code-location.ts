// Where lines of a document are, for a permalink: the repository-relative path, the current commit
// and the remote, from the built-in git extension (nulls outside a repository or without git).
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CodeLocation } from '../../shared/index';
import { remoteUrlOf, type GitAdapter } from '../git/git-adapter';

/** Lines are 0-based here (VS Code) and 1-based in the location. */
export async function codeLocationOf(git: GitAdapter, document: vscode.TextDocument, startLine: number, endLine: number): Promise<CodeLocation> {
  const lines = { startLine: startLine + 1, endLine: endLine + 1 };
  const api = document.uri.scheme === 'file' ? await git.api() : undefined;
  const repo = api?.getRepository(document.uri) ?? null;
  if (!repo) {
    const relative = vscode.workspace.asRelativePath(document.uri, false);
    return { remoteUrl: null, commit: null, path: relative.split(path.sep).join('/'), ...lines };
  }
  const relative = path.relative(repo.rootUri.fsPath, document.uri.fsPath).split(path.sep).join('/');
  return { remoteUrl: remoteUrlOf(repo), commit: repo.state.HEAD?.commit ?? null, path: relative, ...lines };
}
