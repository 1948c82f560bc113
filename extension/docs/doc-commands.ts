// Doc commands: registration only. What each one asks and does is in doc-actions.ts (vscode-free);
// here a command gets the client, the questions in VS Code's UI, and refreshes the Docs tree after.
import * as vscode from 'vscode';
import type { Client } from '../../shared/index';
import type { WscServices } from '../context';
import { COMMAND_IDS, DOC_COMMAND_IDS } from '../ids';
import { vscodeQuestions as ask } from '../vscode-questions';
import { docUri } from './doc-conflict-ui';
import type { DocTarget } from './doc-target';

// What each command asks and does loads on the first doc command.
const loadDocActions = () => import('./doc-actions');

export async function openDoc(target: DocTarget, client: Client): Promise<vscode.TextEditor> {
  const title = target.title ?? (await client.getDoc(target.id)).title;
  const document = await vscode.workspace.openTextDocument(docUri(target.id, title));
  // `.md` already selects Markdown; set it only if a user's files.associations said otherwise.
  const markdown = document.languageId === 'markdown' ? document : await vscode.languages.setTextDocumentLanguage(document, 'markdown');
  return vscode.window.showTextDocument(markdown, { preview: false });
}

export function registerDocCommands(services: WscServices, refreshTree: () => void): void {
  const refresh = () => {
    refreshTree();
    void vscode.commands.executeCommand(COMMAND_IDS.refreshDocs).then(undefined, () => undefined);
  };
  /** Runs a doc action; refreshes the tree when it did something. */
  const changing =
    <T>(headline: string, action: (client: Client, arg: unknown) => Promise<T | undefined>) =>
    (arg?: unknown) =>
      services.withClient(headline, async (client) => {
        const done = await action(client, arg);
        if (done !== undefined) refresh();
        return done;
      });

  services.register(
    vscode.commands.registerCommand(
      DOC_COMMAND_IDS.newDoc,
      changing(vscode.l10n.t('Could not create the doc'), async (client, arg) => {
        const created = await (await loadDocActions()).createDoc(client, ask, arg);
        if (created) await openDoc(created, client);
        return created?.id;
      }),
    ),
    vscode.commands.registerCommand(DOC_COMMAND_IDS.newFolder, changing(vscode.l10n.t('Could not create the folder'), async (client, arg) => (await loadDocActions()).createFolder(client, ask, arg))),
    vscode.commands.registerCommand(DOC_COMMAND_IDS.openDoc, (arg?: unknown) =>
      services.withClient(vscode.l10n.t('Could not open the doc'), async (client) => {
        const target = await (await loadDocActions()).docToOpen(client, ask, arg);
        if (target) await openDoc(target, client);
        return target?.id;
      }),
    ),
    vscode.commands.registerCommand(DOC_COMMAND_IDS.renameDoc, changing(vscode.l10n.t('Could not rename the doc'), async (client, arg) => (await loadDocActions()).renameDoc(client, ask, arg))),
    vscode.commands.registerCommand(DOC_COMMAND_IDS.moveDoc, changing(vscode.l10n.t('Could not move the doc'), async (client, arg) => (await loadDocActions()).moveDoc(client, ask, arg))),
    vscode.commands.registerCommand(DOC_COMMAND_IDS.deleteDoc, changing(vscode.l10n.t('Could not delete the doc'), async (client, arg) => (await loadDocActions()).deleteDoc(client, ask, arg))),
  );
}
