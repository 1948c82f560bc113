/**
 * VS Code skips auto saves of an editor whose last save failed ("in conflict or error") until a
 * save succeeds. A doc save that was refused (conflict markers left, a failure) ends in that
 * state, so with auto save on, the text the person fixes afterwards would sit unsaved. While a doc
 * is in that state and `files.autoSave` is `afterDelay`, this saves it explicitly after the same
 * delay once its text changes — except text that still has markers of an open conflict, which no
 * save would take.
 */
import * as vscode from 'vscode';
import { hasConflictMarkers } from '../../shared/index';
import type { DocSaveFlow, DocSaveOutcome } from './doc-save-flow';
import { DOC_SCHEME, parseDocUri } from './doc-uri';

export class AutoSaveAfterRefusal implements vscode.Disposable {
  /** Docs (by URI) whose last save did not reach the service. */
  readonly #refused = new Set<string>();
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();
  readonly #subscription: vscode.Disposable;

  constructor(private readonly flow: DocSaveFlow) {
    this.#subscription = vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document.uri.scheme === DOC_SCHEME && e.contentChanges.length > 0) this.#schedule(e.document);
    });
  }

  /** Every save outcome of a doc, as the file system reports it. */
  outcome(uri: vscode.Uri, outcome: DocSaveOutcome): void {
    // A conflict, a pull request or a queued save ends as a written save (VS Code keeps auto saving).
    const refused = outcome.kind === 'unresolved_markers' || outcome.kind === 'superseded' || outcome.kind === 'unconfirmed' || outcome.kind === 'failed';
    if (refused) this.#refused.add(uri.toString());
    else this.#refused.delete(uri.toString());
  }

  #schedule(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    if (!this.#refused.has(key)) return;
    const files = vscode.workspace.getConfiguration('files', document.uri);
    if (files.get<string>('autoSave') !== 'afterDelay') return;
    clearTimeout(this.#timers.get(key));
    const delay = Math.max(0, files.get<number>('autoSaveDelay') ?? 1000);
    this.#timers.set(
      key,
      setTimeout(() => {
        this.#timers.delete(key);
        if (document.isClosed || !document.isDirty || !this.#refused.has(key)) return;
        const docId = parseDocUri(document.uri.path, document.uri.query)?.docId;
        if (docId && this.flow.pending.get(docId) && hasConflictMarkers(document.getText())) return;
        void Promise.resolve(document.save()).then(undefined, () => undefined);
      }, delay),
    );
  }

  dispose(): void {
    this.#subscription.dispose();
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }
}
