/**
 * A save the service did not take (a conflict to resolve, conflict markers left, a rules-file pull
 * request) must leave the editor dirty, and only the designed prompt should speak. Throwing from
 * the provider's writeFile keeps it dirty but makes VS Code 1.139 show its own "Failed to save …"
 * error (Retry / Save As… / Revert; Revert would drop the person's text): every error a text file
 * save raises goes to that handler. A save participant cannot cancel either: an extension's
 * onWillSaveTextDocument failure is logged and the save goes on.
 *
 * So the provider answers such a write without error after an invisible edit (the first character
 * replaced by itself): VS Code sees a version newer than the
 * one it wrote and keeps the editor dirty. A second such edit after the save tells the extension
 * host, which marks a saved document clean, that it is dirty still. An auto save that repeats the same refused text waits until
 * something changes (the text, the person's choice, the tab) instead of looping through saves.
 */
import * as vscode from 'vscode';

/** Why each wsc-doc save runs, as VS Code said in onWillSaveTextDocument. */
export class SaveReasons implements vscode.Disposable {
  readonly #reasons = new Map<string, vscode.TextDocumentSaveReason>();
  readonly #subscription: vscode.Disposable;

  constructor(scheme: string) {
    this.#subscription = vscode.workspace.onWillSaveTextDocument((e) => {
      if (e.document.uri.scheme === scheme) this.#reasons.set(e.document.uri.toString(), e.reason);
    });
  }

  /** True when the save now writing `uri` was started by auto save (after a delay or on focus change). */
  isAutoSave(uri: vscode.Uri): boolean {
    const reason = this.#reasons.get(uri.toString());
    return reason === vscode.TextDocumentSaveReason.AfterDelay || reason === vscode.TextDocumentSaveReason.FocusOut;
  }

  dispose(): void {
    this.#subscription.dispose();
  }
}

function openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
}

/** Marks the editor dirty again without changing its text: the first character replaced by itself. */
async function markDirty(document: vscode.TextDocument): Promise<void> {
  if (document.isClosed || document.getText().length === 0) return;
  const first = new vscode.Range(document.positionAt(0), document.positionAt(1));
  const same = document.getText(first);
  const editor = vscode.window.visibleTextEditors.find((e) => e.document === document);
  // Through the editor: a workspace edit that replaces text with itself is dropped and moves no version.
  // No undo stop after it, so it joins whatever the person types next.
  if (editor && (await editor.edit((b) => b.replace(first, same), { undoStopBefore: false, undoStopAfter: false }))) return;
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, first, same);
  await vscode.workspace.applyEdit(edit);
}

/** Resolves when `document`'s text changes, it closes, its last tab closes, or `changed` fires. */
function somethingChanges(document: vscode.TextDocument, changed: (listener: () => void) => vscode.Disposable): Promise<void> {
  return new Promise((resolve) => {
    const subscriptions: vscode.Disposable[] = [];
    const done = () => {
      for (const s of subscriptions) s.dispose();
      resolve();
    };
    const key = document.uri.toString();
    const hasTab = () =>
      vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === key));
    subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document === document && e.contentChanges.length > 0) done();
      }),
      vscode.workspace.onDidCloseTextDocument((closed) => {
        if (closed === document) done();
      }),
      vscode.window.tabGroups.onDidChangeTabs((e) => {
        if (e.closed.length > 0 && !hasTab()) done();
      }),
      changed(done),
    );
  });
}

export interface QuietRefusalOptions {
  reasons: SaveReasons;
  /** Subscribes to a change of the doc's conflict state (a choice made, the record gone). */
  onConflictChange(docId: string, listener: () => void): vscode.Disposable;
}

export class QuietRefusal {
  readonly #options: QuietRefusalOptions;
  /** The text each doc's last refused save carried (an auto save repeating it waits). */
  readonly #lastRefused = new Map<string, string>();
  /** Refused saves VS Code has not finished yet, per doc. */
  readonly #unsettled = new Map<string, Promise<void>>();
  /** How many writes of each doc have started. */
  readonly #writes = new Map<string, number>();

  constructor(options: QuietRefusalOptions) {
    this.#options = options;
  }

  /**
   * Called by writeFile instead of throwing. False when the editor cannot be kept dirty quietly
   * (no open document, or an empty one): the caller throws as before.
   */
  async refuse(uri: vscode.Uri, docId: string, text: string): Promise<boolean> {
    const document = openDocument(uri);
    if (!document || text.length === 0) return false;
    const key = uri.toString();
    let settle: () => void = () => undefined;
    this.#unsettled.set(key, new Promise<void>((resolve) => (settle = resolve)));
    if (this.#options.reasons.isAutoSave(uri) && this.#lastRefused.get(key) === text) {
      await somethingChanges(document, (listener) => this.#options.onConflictChange(docId, listener));
    }
    this.#lastRefused.set(key, text);
    // Before the write returns: VS Code sees a newer version than it wrote and keeps the editor dirty.
    await markDirty(document);
    // After VS Code's "saved" reaches the extension host (it marks the document clean there): once
    // more, unless another write has started since or the text moved on (that save speaks for itself).
    const generation = this.#generation(key);
    const done = () => {
      subscriptions.forEach((s) => s.dispose());
      this.#unsettled.delete(key);
      settle();
    };
    const subscriptions = [
      vscode.workspace.onDidSaveTextDocument((d) => {
        if (d.uri.toString() !== key) return;
        if (this.#generation(key) === generation && !d.isDirty && d.getText() === text) void markDirty(d).finally(done);
        else done();
      }),
      vscode.workspace.onDidCloseTextDocument((d) => {
        if (d.uri.toString() === key) done();
      }),
    ];
    return true;
  }

  /**
   * Resolves once VS Code has finished the refused save of `uri` now under way (and the editor is
   * dirty again). A revert or a replaced text before that would be lost: VS Code skips re-reading a
   * file while its save is running.
   */
  settled(uri: vscode.Uri): Promise<void> {
    return this.#unsettled.get(uri.toString()) ?? Promise.resolve();
  }

  /** Every write of a doc starts here (a refusal's late "keep dirty" must not follow a newer write). */
  writing(uri: vscode.Uri): void {
    const key = uri.toString();
    this.#writes.set(key, this.#generation(key) + 1);
  }

  #generation(key: string): number {
    return this.#writes.get(key) ?? 0;
  }

  /** A save of this doc went through: a later refusal of the same text is news again. */
  forget(uri: vscode.Uri): void {
    this.#lastRefused.delete(uri.toString());
  }
}
