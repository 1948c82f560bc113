/**
 * The doc commands without vscode: new doc and folder, rename, move and delete through the service's
 * actions (create_doc_folder, rename_doc, move_doc, delete_doc with its exact phrase). Each takes the
 * command's argument (a Docs tree item, `{docId}`, or nothing: then it asks) and returns what it did,
 * undefined when the person cancelled or nothing changes. Arguments for scripts and tests skip the
 * questions: newDoc `{title, parentId?, body?}`, newFolder `{title, parentId?}`, rename
 * `{docId, title}`, move `{docId, parentId: string|null}`, delete `{docId, confirm}`.
 */
import { COMMANDS, CONFIRM_PHRASES, type Client, type DocListItem } from '../../shared/index';
import type { Questions } from '../questions';
import { DELETE_DOC_PROMPT } from './doc-messages';
import { newDocArgs, targetedDocArgs } from './doc-command-args';
import type { DocTarget } from './doc-target';
import { l10n } from '../l10n';

const required = (message: string) => (value: string) => (value.trim() ? undefined : message);

export async function pickDoc(client: Client, ask: Questions, placeHolder: string, filter: (d: DocListItem) => boolean): Promise<DocTarget | undefined> {
  const docs = (await client.docs()).filter(filter);
  const picked = await ask.pick(
    docs.map((d) => ({ label: d.title, description: d.is_folder ? l10n.t('folder') : undefined, doc: d })),
    placeHolder,
  );
  return picked ? { id: picked.doc.id, title: picked.doc.title, isFolder: picked.doc.is_folder } : undefined;
}

/** The folder a new doc/folder goes into: a folder item → it; a doc item → its folder; else the root. */
export async function parentFolderOf(client: Client, arg: unknown): Promise<string | undefined> {
  const { parentId, from: target } = newDocArgs(arg);
  if (parentId !== undefined) return parentId ?? undefined;
  if (!target) return undefined;
  if (target.isFolder) return target.id;
  const doc = await client.getDoc(target.id);
  return doc.is_folder ? doc.id : (doc.parent_id ?? undefined);
}

export async function createDoc(client: Client, ask: Questions, arg: unknown): Promise<DocTarget | undefined> {
  const script = newDocArgs(arg);
  const title = script.title ?? (await ask.text({ title: l10n.t('New doc'), prompt: l10n.t('Title of the new doc'), validate: required(l10n.t('Give the doc a title.')) }));
  if (!title?.trim()) return undefined;
  const parent = await parentFolderOf(client, arg);
  const body = script.body ?? `# ${title.trim()}\n\n`;
  const created = await client.createDoc({ title: title.trim(), body, ...(parent ? { parent_id: parent } : {}) });
  return { id: created.id, title: title.trim() };
}

export async function createFolder(client: Client, ask: Questions, arg: unknown): Promise<string | undefined> {
  const title = newDocArgs(arg).title ?? (await ask.text({ title: l10n.t('New folder'), prompt: l10n.t('Name of the new docs folder'), validate: required(l10n.t('Name the folder.')) }));
  if (!title?.trim()) return undefined;
  const parent = await parentFolderOf(client, arg);
  const result = await client.runAction<{ id: string }>(COMMANDS.createDocFolder, { title: title.trim(), parentId: parent ?? null });
  return result.id;
}

/** The doc to open: the argument's, or one picked among the docs (never a folder). */
export async function docToOpen(client: Client, ask: Questions, arg: unknown): Promise<DocTarget | undefined> {
  const target = targetedDocArgs(arg).target ?? (await pickDoc(client, ask, l10n.t('Open which doc?'), (d) => !d.is_folder));
  return target && !target.isFolder ? target : undefined;
}

/** The new title, once renamed. */
export async function renameDoc(client: Client, ask: Questions, arg: unknown): Promise<string | undefined> {
  const script = targetedDocArgs(arg);
  const target = script.target ?? (await pickDoc(client, ask, l10n.t('Rename which doc or folder?'), () => true));
  if (!target) return undefined;
  const current = (await client.getDoc(target.id)).title;
  const title = script.title ?? (await ask.text({ title: l10n.t("Rename '{0}'", current), prompt: l10n.t('New title'), value: current, validate: required(l10n.t('The title cannot be empty.')) }));
  if (!title?.trim() || title.trim() === current) return undefined;
  await client.runAction(COMMANDS.renameDoc, { docId: target.id, title: title.trim() });
  return title.trim();
}

/** The folder moved into (null: the top level), once moved. */
export async function moveDoc(client: Client, ask: Questions, arg: unknown): Promise<string | null | undefined> {
  const script = targetedDocArgs(arg);
  const target = script.target ?? (await pickDoc(client, ask, l10n.t('Move which doc or folder?'), () => true));
  if (!target) return undefined;
  let parentId = script.parentId;
  if (parentId === undefined) {
    const folders = (await client.docs()).filter((d) => d.is_folder && d.id !== target.id);
    const picked = await ask.pick(
      [{ label: `$(root-folder) ${l10n.t('Top level')}`, id: null as string | null }, ...folders.map((f) => ({ label: `$(folder) ${f.title}`, id: f.id as string | null }))],
      target.title !== undefined ? l10n.t("Move '{0}' to…", target.title) : l10n.t("Move 'the doc' to…"),
    );
    if (!picked) return undefined;
    parentId = picked.id;
  }
  await client.runAction(COMMANDS.moveDoc, { docId: target.id, parentId });
  return parentId;
}

/** True once deleted; the person types the service's exact confirmation phrase. */
export async function deleteDoc(client: Client, ask: Questions, arg: unknown): Promise<true | undefined> {
  const script = targetedDocArgs(arg);
  const target = script.target ?? (await pickDoc(client, ask, l10n.t('Delete which doc or folder?'), () => true));
  if (!target) return undefined;
  const title = target.title ?? (await client.getDoc(target.id)).title;
  const phrase = CONFIRM_PHRASES.delete_doc;
  const confirm =
    script.confirm ??
    (await ask.text({
      title: l10n.t("Delete '{0}'", title),
      prompt: DELETE_DOC_PROMPT(title, phrase),
      placeHolder: phrase,
      validate: (v) => (v === phrase ? undefined : l10n.t('Type exactly: {0}', phrase)),
    }));
  if (confirm !== phrase) return undefined;
  await client.runAction(COMMANDS.deleteDoc, { docId: target.id, confirm });
  return true;
}
