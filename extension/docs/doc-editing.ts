/**
 * Docs as files: the wsc-doc file system, the compare-and-set save flow and its conflict UI, the
 * rules-file pull-request notice, and the doc commands. Pending conflicts (wsc.docs.pendingConflicts)
 * and the bases of unsaved editors (wsc.docs.dirtyBases) live in globalState and survive a reload.
 */
import type { OutboxFeature } from '../outbox/index';
import * as vscode from 'vscode';
import type { WscServices } from '../context';
import { DOC_COMMAND_IDS } from '../ids';
import { vscodeQuestions } from '../vscode-questions';
import { BaseVersions } from './base-versions';
import { conflictToResolve } from './conflict-choice-flow';
import { registerDocCommands } from './doc-commands';
import { docUri, DocConflictUi } from './doc-conflict-ui';
import { AutoSaveAfterRefusal } from './auto-save-after-refusal';
import { DocFileSystemProvider } from './doc-file-system';
import { DocSaveFlow, type DocSaveOutcome } from './doc-save-flow';
import { DOC_SCHEME, parseDocUri } from './doc-uri';
import { DirtyBases } from './dirty-bases';
import { PendingConflicts } from './pending-conflicts';
import { showPullRequestNotice } from './pull-request-notice';

export interface DocEditingFeature {
  readonly provider: DocFileSystemProvider;
  readonly flow: DocSaveFlow;
  readonly conflicts: DocConflictUi;
  /** Every save attempt's outcome (tests await these). */
  readonly onDidSave: vscode.Event<{ docId: string; outcome: DocSaveOutcome }>;
  uri(docId: string, title: string): vscode.Uri;
}

export function registerDocEditing(services: WscServices, refreshTree: () => void = () => undefined, outbox?: Pick<OutboxFeature, 'current'>): DocEditingFeature {
  const pending = new PendingConflicts(services.context.globalState);
  const flow = new DocSaveFlow({
    // The current session's client each time: sign-in or a new service URL replaces it.
    client: {
      getDoc: (id, opts) => services.auth.requireClient().getDoc(id, opts),
      patchDoc: (id, input, opts) => services.auth.requireClient().patchDoc(id, input, opts),
    },
    bases: new BaseVersions(),
    pending,
    dirtyBases: new DirtyBases(services.context.globalState),
    // The service cannot be reached: the save waits in the account's outbox (the shared send policy).
    queue: async (operation) => (await outbox?.current()?.send(operation))?.entry,
  });
  const saved = new vscode.EventEmitter<{ docId: string; outcome: DocSaveOutcome }>();
  const conflicts = new DocConflictUi(flow, saved.event);

  // A conflict or a pull request ends as a written save with the extension's own prompt (the one
  // notification); any other refused save throws (VS Code's "Failed to save" carries the reason).
  const autoSave = new AutoSaveAfterRefusal(flow);
  const provider = new DocFileSystemProvider(flow, {
    client: () => services.auth.requireClient(),
    onSaveOutcome(docId, title, outcome, uri) {
      autoSave.outcome(uri, outcome);
      saved.fire({ docId, outcome });
      if (outcome.kind === 'needs_resolution') void conflicts.present(outcome.conflict);
      else if (outcome.kind === 'pull_request') {
        services.log.info(`Doc ${docId} mirrors the rules file: the save became pull request #${outcome.number}.`);
        void showPullRequestNotice({ docId, title, url: outcome.url, number: outcome.number, repeated: outcome.repeated }, async () => (await services.auth.requireClient().getDoc(docId)).body);
      }
      else if (outcome.kind === 'failed') services.log.warn(`Saving doc ${docId} failed; the text stays in the editor.`);
      else if (outcome.kind === 'queued') {
        services.log.info(`Doc ${docId}: the service cannot be reached; the save waits in the outbox (entry ${outcome.entry.id}).`);
        vscode.window.setStatusBarMessage(`$(outbox) ${vscode.l10n.t('"{0}" saved offline: sent (and merged if needed) when the service is back', title)}`, 8000);
      }
    },
  });

  conflicts.whenSaveSettled = (uri) => provider.writesDone(uri);
  conflicts.saveKept = (uri, text) => provider.saveKept(uri, text);

  services.register(
    vscode.workspace.registerFileSystemProvider(DOC_SCHEME, provider, { isCaseSensitive: true }),
    conflicts,
    saved,
    autoSave,
    vscode.commands.registerCommand(DOC_COMMAND_IDS.resolveConflict, async (arg?: unknown) => {
      const conflict = await conflictToResolve(flow.pending.all(), arg, vscodeQuestions);
      if (conflict) await conflicts.present(conflict);
    }),
  );
  registerDocCommands(services, refreshTree);

  // Keep each unsaved editor's base across a reload; forget it when the editor is clean again.
  const docIdOf = (document: vscode.TextDocument) => (document.uri.scheme === DOC_SCHEME ? parseDocUri(document.uri.path, document.uri.query)?.docId : undefined);
  const track = (document: vscode.TextDocument) => {
    const docId = docIdOf(document);
    if (!docId) return;
    void (document.isDirty ? flow.edited(docId) : flow.cleaned(docId, document.getText()));
  };
  services.register(
    vscode.workspace.onDidChangeTextDocument((e) => track(e.document)),
    vscode.workspace.onDidOpenTextDocument((document) => track(document)),
  );

  // After a reload: once signed in, offer every conflict that was still open.
  let restored = false;
  const restoreOnce = () => {
    if (restored || !services.auth.client() || flow.pending.all().length === 0) return;
    restored = true;
    void conflicts.restore();
  };
  services.register(services.onDidChangeSession(() => restoreOnce()));
  restoreOnce();

  return { provider, flow, conflicts, onDidSave: saved.event, uri: docUri };
}
