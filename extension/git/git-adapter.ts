/**
 * The current repository, branch and remote, from the built-in git extension. Everything is
 * optional: git may be disabled, not installed, or no folder may be a repository; callers get
 * undefined/null and say so to the person instead of failing.
 */
import * as vscode from 'vscode';
import type { GitContext } from '../../shared/index';
import { GIT_EXTENSION_ID, type GitApi, type GitExtensionExports, type GitRepository } from './git-api';

const PREFERRED_REMOTES = ['origin', 'upstream'];

export class GitAdapter implements vscode.Disposable {
  #api: GitApi | undefined;
  #pinnedRoot: string | undefined;
  readonly #changed = new vscode.EventEmitter<void>();
  /** The repository set, a branch or the remotes changed. */
  readonly onDidChange = this.#changed.event;
  readonly #subscriptions: vscode.Disposable[] = [];
  readonly #watched = new Set<GitRepository>();

  /** The git API, activating the git extension when needed; undefined when git is unavailable. */
  async api(): Promise<GitApi | undefined> {
    if (this.#api) return this.#api;
    const extension = vscode.extensions.getExtension<GitExtensionExports>(GIT_EXTENSION_ID);
    if (!extension) return undefined;
    try {
      const exports = extension.isActive ? extension.exports : await extension.activate();
      if (!exports?.enabled) return undefined;
      const api = exports.getAPI(1);
      this.#api = api;
      this.#subscriptions.push(
        api.onDidOpenRepository((repo) => this.#watch(repo)),
        api.onDidCloseRepository(() => this.#changed.fire()),
        api.onDidChangeState(() => this.#changed.fire()),
      );
      for (const repo of api.repositories) this.#watch(repo);
      return api;
    } catch {
      return undefined;
    }
  }

  /** Use the repository at this folder from now on (tests; folders outside the workspace). */
  async useRepository(rootPath: string): Promise<GitRepository | undefined> {
    const api = await this.api();
    if (!api) return undefined;
    this.#pinnedRoot = rootPath;
    const uri = vscode.Uri.file(rootPath);
    const repo = api.getRepository(uri) ?? (await api.openRepository?.(uri)) ?? undefined;
    if (repo) this.#watch(repo);
    this.#changed.fire();
    return repo;
  }

  /** The pinned repository, else the one holding the active editor's file, else the first. */
  async repository(): Promise<GitRepository | undefined> {
    const api = await this.api();
    if (!api) return undefined;
    if (this.#pinnedRoot) {
      const pinned = api.getRepository(vscode.Uri.file(this.#pinnedRoot));
      if (pinned) return pinned;
    }
    const active = vscode.window.activeTextEditor?.document.uri;
    if (active && active.scheme === 'file') {
      const repo = api.getRepository(active);
      if (repo) return repo;
    }
    return api.repositories[0];
  }

  /** Branch and remote of the current repository (nulls when unknown). */
  async context(): Promise<GitContext & { root: string | null }> {
    const repo = await this.repository();
    if (!repo) return { branch: null, remoteUrl: null, root: null };
    return { branch: repo.state.HEAD?.name ?? null, remoteUrl: remoteUrlOf(repo), root: repo.rootUri.fsPath };
  }

  dispose(): void {
    for (const d of this.#subscriptions) d.dispose();
    this.#changed.dispose();
  }

  #watch(repo: GitRepository): void {
    if (this.#watched.has(repo)) return;
    this.#watched.add(repo);
    this.#subscriptions.push(repo.state.onDidChange(() => this.#changed.fire()));
    this.#changed.fire();
  }
}

/** The fetch URL of origin (else upstream, else the first remote). */
export function remoteUrlOf(repo: GitRepository): string | null {
  const remotes = repo.state.remotes;
  const preferred = PREFERRED_REMOTES.map((name) => remotes.find((r) => r.name === name)).find((r) => r !== undefined);
  const remote = preferred ?? remotes[0];
  return remote?.fetchUrl ?? remote?.pushUrl ?? null;
}
