// The part of the built-in git extension's API (vscode.git, getAPI(1)) this extension uses. The
// full declaration lives in the VS Code repository (extensions/git/src/api/git.d.ts); only the
// members below are relied on, so a newer VS Code stays compatible.
import type * as vscode from 'vscode';

export interface GitBranch {
  readonly name?: string;
  readonly commit?: string;
}

export interface GitRemote {
  readonly name: string;
  readonly fetchUrl?: string;
  readonly pushUrl?: string;
}

export interface GitRepositoryState {
  readonly HEAD: GitBranch | undefined;
  readonly remotes: GitRemote[];
  readonly onDidChange: vscode.Event<void>;
}

export interface GitInputBox {
  value: string;
}

export interface GitRepository {
  readonly rootUri: vscode.Uri;
  /** The Source Control commit message box of this repository. */
  readonly inputBox: GitInputBox;
  readonly state: GitRepositoryState;
  getBranch(name: string): Promise<GitBranch>;
  createBranch(name: string, checkout: boolean, ref?: string): Promise<void>;
  checkout(treeish: string): Promise<void>;
}

export interface GitApi {
  readonly state: 'uninitialized' | 'initialized';
  readonly onDidChangeState: vscode.Event<'uninitialized' | 'initialized'>;
  readonly repositories: GitRepository[];
  readonly onDidOpenRepository: vscode.Event<GitRepository>;
  readonly onDidCloseRepository: vscode.Event<GitRepository>;
  getRepository(uri: vscode.Uri): GitRepository | null;
  openRepository?(root: vscode.Uri): Promise<GitRepository | null>;
}

export interface GitExtensionExports {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}

export const GIT_EXTENSION_ID = 'vscode.git';
