/**
 * Doc commands: new doc (wsc.newDoc) and folder, open, rename, move and delete through the
 * service's actions (create_doc_folder, rename_doc, move_doc, delete_doc with its exact phrase).
 * Each takes a Docs tree item, `{docId}`, or nothing (then asks). Arguments for scripts and tests
 * skip the prompts: newDoc `{title, parentId?, body?}`, newFolder `{title, parentId?}`, rename
 * `{docId, title}`, move `{docId, parentId: string|null}`, delete `{docId, confirm}`.
 */
import * as vscode from 'vscode';
import { COMMANDS, CONFIRM_PHRASES, type Client, type DocListItem } from '../../shared/index';
import type { WscServices } from '../context';
import { COMMAND_IDS, DOC_COMMAND_IDS } from '../ids';
import { docUri } from './doc-conflict-ui';
import { DELETE_DOC_PROMPT } from './doc-messages';
import { docTargetOf, type DocTarget } from './doc-target';

function field<T>(arg: unknown, key: string, type: 'string' | 'object'): T | undefined {
  if (typeof arg !== 'object' || arg === null || !(key in arg)) return undefined;
  const v = (arg as Record<string, unknown>)[key];
  if (type === 'object') return (v === null || typeof v === 'string' ? v : undefined) as T | undefined;
  return (typeof v === 'string' ? v : undefined) as T | undefined;
}

async function pickDoc(client: Client, placeHolder: string, filter: (d: DocListItem) => boolean): Promise<DocTarget | undefined> {
  const docs = (await client.docs()).filter(filter);
  const picked = await vscode.window.showQuickPick(
    docs.map((d) => ({ label: d.title, description: d.is_folder ? 'folder' : undefined, doc: d })),
    { placeHolder, matchOnDescription: true },
  );
  return picked ? { id: picked.doc.id, title: picked.doc.title, isFolder: picked.doc.is_folder } : undefined;
}

/** The folder a new doc/folder goes into: a folder item → it; a doc item → its folder; else the root. */
async function parentFolderOf(client: Client, arg: unknown): Promise<string | undefined> {
  const explicit = field<string | null>(arg, 'parentId', 'object');
  if (explicit !== undefined) return explicit ?? undefined;
  const target = docTargetOf(arg);
  if (!target) return undefined;
  if (target.isFolder) return target.id;
  const doc = await client.getDoc(target.id);
  return doc.is_folder ? doc.id : (doc.parent_id ?? undefined);
}

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

  services.register(
    vscode.commands.registerCommand(DOC_COMMAND_IDS.newDoc, (arg?: unknown) =>
      services.withClient('create the doc', async (client) => {
        const title =
          field<string>(arg, 'title', 'string') ??
          (await vscode.window.showInputBox({ title: 'New doc', prompt: 'Title of the new doc', validateInput: (v) => (v.trim() ? undefined : 'Give the doc a title.') }));
        if (!title?.trim()) return undefined;
        const parent = await parentFolderOf(client, arg);
        const body = field<string>(arg, 'body', 'string') ?? `# ${title.trim()}\n\n`;
        const created = await client.createDoc({ title: title.trim(), body, ...(parent ? { parent_id: parent } : {}) });
        refresh();
        await openDoc({ id: created.id, title: title.trim() }, client);
        return created.id;
      }),
    ),

    vscode.commands.registerCommand(DOC_COMMAND_IDS.newFolder, (arg?: unknown) =>
      services.withClient('create the folder', async (client) => {
        const title =
          field<string>(arg, 'title', 'string') ??
          (await vscode.window.showInputBox({ title: 'New folder', prompt: 'Name of the new docs folder', validateInput: (v) => (v.trim() ? undefined : 'Name the folder.') }));
        if (!title?.trim()) return undefined;
        const parent = await parentFolderOf(client, arg);
        const result = await client.runAction<{ id: string }>(COMMANDS.createDocFolder, { title: title.trim(), parentId: parent ?? null });
        refresh();
        return result.id;
      }),
    ),

    vscode.commands.registerCommand(DOC_COMMAND_IDS.openDoc, (arg?: unknown) =>
      services.withClient('open the doc', async (client) => {
        const target = docTargetOf(arg) ?? (await pickDoc(client, 'Open which doc?', (d) => !d.is_folder));
        if (!target || target.isFolder) return undefined;
        await openDoc(target, client);
        return target.id;
      }),
    ),

    vscode.commands.registerCommand(DOC_COMMAND_IDS.renameDoc, (arg?: unknown) =>
      services.withClient('rename the doc', async (client) => {
        const target = docTargetOf(arg) ?? (await pickDoc(client, 'Rename which doc or folder?', () => true));
        if (!target) return undefined;
        const current = (await client.getDoc(target.id)).title;
        // Only the script form ({docId, title}) carries a new title; a tree item's title is the current one.
        const scripted = field<string>(arg, 'docId', 'string') !== undefined ? field<string>(arg, 'title', 'string') : undefined;
        const title =
          scripted ??
          (await vscode.window.showInputBox({ title: `Rename '${current}'`, value: current, validateInput: (v) => (v.trim() ? undefined : 'The title cannot be empty.') }));
        if (!title?.trim() || title.trim() === current) return undefined;
        await client.runAction(COMMANDS.renameDoc, { docId: target.id, title: title.trim() });
        refresh();
        return title.trim();
      }),
    ),

    vscode.commands.registerCommand(DOC_COMMAND_IDS.moveDoc, (arg?: unknown) =>
      services.withClient('move the doc', async (client) => {
        const target = docTargetOf(arg) ?? (await pickDoc(client, 'Move which doc or folder?', () => true));
        if (!target) return undefined;
        let parentId = field<string | null>(arg, 'parentId', 'object');
        if (parentId === undefined) {
          const folders = (await client.docs()).filter((d) => d.is_folder && d.id !== target.id);
          const picked = await vscode.window.showQuickPick(
            [{ label: '$(root-folder) Top level', id: null as string | null }, ...folders.map((f) => ({ label: `$(folder) ${f.title}`, id: f.id as string | null }))],
            { placeHolder: `Move '${target.title ?? 'the doc'}' to…` },
          );
          if (!picked) return undefined;
          parentId = picked.id;
        }
        await client.runAction(COMMANDS.moveDoc, { docId: target.id, parentId });
        refresh();
        return parentId;
      }),
    ),

    vscode.commands.registerCommand(DOC_COMMAND_IDS.deleteDoc, (arg?: unknown) =>
      services.withClient('delete the doc', async (client) => {
        const target = docTargetOf(arg) ?? (await pickDoc(client, 'Delete which doc or folder?', () => true));
        if (!target) return undefined;
        const title = target.title ?? (await client.getDoc(target.id)).title;
        const phrase = CONFIRM_PHRASES.delete_doc;
        const confirm =
          field<string>(arg, 'confirm', 'string') ??
          (await vscode.window.showInputBox({
            title: `Delete '${title}'`,
            prompt: DELETE_DOC_PROMPT(title, phrase),
            placeHolder: phrase,
            validateInput: (v) => (v === phrase ? undefined : `Type exactly: ${phrase}`),
          }));
        if (confirm !== phrase) return undefined;
        await client.runAction(COMMANDS.deleteDoc, { docId: target.id, confirm });
        refresh();
        return true;
      }),
    ),
  );
}
