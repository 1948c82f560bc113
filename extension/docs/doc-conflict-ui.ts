/**
 * The conflict flow the person sees: a diff (theirs against the merge, or against mine), then
 * three choices. The choice is applied in the doc's own editor (its text replaced, then saved
 * through the provider), so undo works and a failed save leaves the text in the editor.
 * Records stay persisted until a save succeeds; `restore()` brings them back after a reload.
 */
import * as vscode from 'vscode';
import type { ConflictChoice } from './conflict-choice';
import { choiceLabels, conflictPrompt, diffTitle } from './doc-messages';
import type { DocSaveFlow, DocSaveOutcome } from './doc-save-flow';
import { DOC_SCHEME, docFileName, docUriParts } from './doc-uri';
import type { PendingConflict } from './pending-conflicts';

/** Read-only snapshots for the diff view (`wsc-doc-version:` URIs). */
export const VERSION_SCHEME = 'wsc-doc-version';

/** Asks the person (or, in tests, a hook) which way to resolve; undefined leaves it pending. */
export type ConflictChooser = (conflict: PendingConflict, restored: boolean) => Promise<ConflictChoice | undefined>;

export interface ConflictResolved {
  docId: string;
  choice: ConflictChoice;
  /** False when the merged text went to the editor with markers for the person to finish. */
  saved: boolean;
}

export function docUri(docId: string, title: string): vscode.Uri {
  return vscode.Uri.from({ scheme: DOC_SCHEME, ...docUriParts(docId, title) });
}

class VersionSnapshots implements vscode.TextDocumentContentProvider {
  readonly #texts = new Map<string, string>();
  #counter = 0;

  uri(docId: string, title: string, label: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: VERSION_SCHEME, path: `/${label}/${docFileName(title)}`, query: `${encodeURIComponent(docId)}-${++this.#counter}` });
    this.#texts.set(uri.toString(), text);
    if (this.#texts.size > 40) this.#texts.delete(this.#texts.keys().next().value as string);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.#texts.get(uri.toString()) ?? '(this snapshot is gone; run "Workspace: Resolve Doc Conflict" again)';
  }
}

export class DocConflictUi implements vscode.Disposable {
  readonly #flow: DocSaveFlow;
  readonly #snapshots = new VersionSnapshots();
  readonly #resolved = new vscode.EventEmitter<ConflictResolved>();
  readonly onDidResolve = this.#resolved.event;
  readonly #registration: vscode.Disposable;
  /** Docs whose prompt is showing, so two saves do not stack two prompts. */
  readonly #showing = new Set<string>();
  /** The person's prompt: the diff, then a notification with the three choices. */
  readonly askPerson: ConflictChooser = (conflict, restored) => this.#askPerson(conflict, restored);
  /** Waits until a write of the doc that is still under way has finished (a revert meanwhile would be skipped). */
  whenSaveSettled: (uri: vscode.Uri) => Promise<void> = async () => undefined;
  /** Saves the text of an editor VS Code holds as saved (the provider's `saveKept`). */
  saveKept: (uri: vscode.Uri, text: string) => Promise<DocSaveOutcome | undefined> = async () => undefined;
  /** Who decides; the integration suite swaps in a hook here. */
  chooser: ConflictChooser = this.askPerson;

  readonly #saveOutcomes: vscode.Event<{ docId: string; outcome: DocSaveOutcome }>;

  /** `saveOutcomes`: every save attempt's outcome, as the file-system provider reports it. */
  constructor(flow: DocSaveFlow, saveOutcomes: vscode.Event<{ docId: string; outcome: DocSaveOutcome }>) {
    this.#flow = flow;
    this.#saveOutcomes = saveOutcomes;
    this.#registration = vscode.workspace.registerTextDocumentContentProvider(VERSION_SCHEME, this.#snapshots);
  }

  /** Shows the diff and the choices; applies the pick. Safe to call without awaiting. */
  async present(conflict: PendingConflict, restored = false): Promise<void> {
    if (this.#showing.has(conflict.docId)) return;
    this.#showing.add(conflict.docId);
    try {
      await this.#showDiff(conflict);
      const choice = await this.chooser(conflict, restored);
      if (choice) {
        // A save while the prompt showed (an auto save of newer text) recorded the conflict again
        // with that text: the choice applies to the latest record, so that text is not lost.
        await this.apply(this.#flow.pending.get(conflict.docId) ?? conflict, choice);
        // The diff has served its purpose; a dismissed prompt leaves it open to study.
        await this.#closeDiffs(conflict.docId);
      }
    } finally {
      this.#showing.delete(conflict.docId);
    }
  }

  /** Every conflict persisted before a reload, presented again. */
  async restore(): Promise<void> {
    for (const conflict of this.#flow.pending.all()) await this.present(conflict, true);
  }

  async apply(conflict: PendingConflict, choice: ConflictChoice): Promise<void> {
    // Open first: opening reads the doc, and the choice must set the base after that read.
    const document = await vscode.workspace.openTextDocument(docUri(conflict.docId, conflict.title));
    const resolution = await this.#flow.choose(conflict, choice);
    await this.whenSaveSettled(document.uri);
    if (choice === 'discard_mine') {
      // Revert re-reads the service's latest (which may be newer than the conflict's "theirs").
      if (document.isDirty) {
        await vscode.window.showTextDocument(document, { preview: false });
        await vscode.commands.executeCommand('workbench.action.files.revert', document.uri);
      } else if (document.getText() !== resolution.text) {
        // The save that met the conflict ended as written (the text was kept in the record), so
        // VS Code holds mine as saved and a revert would not re-read: put theirs in and save it
        // (nothing is sent: theirs is the base now). Undo still brings mine back.
        await this.#replaceText(document, resolution.text);
        await this.#saveChosenText(document, conflict.docId);
      }
      this.#resolved.fire({ docId: conflict.docId, choice, saved: !document.isDirty });
      return;
    }
    if (document.getText() !== resolution.text) await this.#replaceText(document, resolution.text);
    let saved = false;
    if (resolution.saveNow) {
      // The record is removed only by a save that reached the service; while it is there, save.
      saved = document.isDirty || this.#flow.pending.get(conflict.docId) ? await this.#saveChosenText(document, conflict.docId) : true;
    } else {
      await vscode.window.showTextDocument(document, { preview: false });
    }
    this.#resolved.fire({ docId: conflict.docId, choice, saved });
  }

  /**
   * Saves the chosen text and says whether it reached the service. VS Code refuses an explicit save
   * while an auto save of the same document is running its save participants (slow when the
   * extension host is busy); that auto save then writes this very text, so its outcome is the answer.
   */
  async #saveChosenText(document: vscode.TextDocument, docId: string): Promise<boolean> {
    const disposables: vscode.Disposable[] = [];
    const written = new Promise<boolean>((resolve) => {
      disposables.push(
        this.#saveOutcomes((e) => {
          if (e.docId === docId) resolve(e.outcome.kind === 'saved' || e.outcome.kind === 'unchanged');
        }),
        vscode.workspace.onDidCloseTextDocument((closed) => {
          if (closed === document) resolve(false);
        }),
      );
    });
    try {
      // VS Code writes no editor it holds as saved (a conflict's save ended as written, with the
      // text kept in the record): "keep mine" on such an editor is saved through the provider.
      if (!document.isDirty) {
        const outcome = await this.saveKept(document.uri, document.getText());
        return outcome === undefined || outcome.kind === 'saved' || outcome.kind === 'unchanged';
      }
      if (await document.save()) return true;
      if (!this.#flow.pending.get(docId)) return true;
      return await written;
    } finally {
      for (const d of disposables) d.dispose();
    }
  }

  async #replaceText(document: vscode.TextDocument, text: string): Promise<void> {
    const edit = new vscode.WorkspaceEdit();
    edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
    await vscode.workspace.applyEdit(edit);
  }

  dispose(): void {
    this.#registration.dispose();
    this.#resolved.dispose();
  }

  /** Theirs against the merge (or against mine when the edits overlap), beside the prompt. */
  async #showDiff(conflict: PendingConflict): Promise<void> {
    const left = this.#snapshots.uri(conflict.docId, conflict.title, 'theirs', conflict.theirs.body);
    const right =
      conflict.kind === 'merged_clean'
        ? this.#snapshots.uri(conflict.docId, conflict.title, 'merged', conflict.merged)
        : this.#snapshots.uri(conflict.docId, conflict.title, 'mine', conflict.mine);
    await vscode.commands.executeCommand('vscode.diff', left, right, diffTitle(conflict.title, conflict.kind), { preview: true });
  }

  async #closeDiffs(docId: string): Promise<void> {
    const prefix = `${encodeURIComponent(docId)}-`;
    const tabs = vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .filter((t) => t.input instanceof vscode.TabInputTextDiff && t.input.original.scheme === VERSION_SCHEME && t.input.original.query.startsWith(prefix));
    if (tabs.length > 0) await vscode.window.tabGroups.close(tabs);
  }

  async #askPerson(conflict: PendingConflict, restored: boolean): Promise<ConflictChoice | undefined> {
    const labels = choiceLabels();
    const picked = await vscode.window.showWarningMessage(conflictPrompt(conflict.title, conflict.kind, restored), labels.take_merged, labels.keep_mine, labels.discard_mine);
    const entry = Object.entries(labels).find(([, label]) => label === picked);
    return entry?.[0] as ConflictChoice | undefined;
  }
}
