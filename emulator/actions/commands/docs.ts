// Docs folder commands. Guests have no Docs (the catalog's roles leave them out). Moving and
// renaming do not change updated_at: that value versions the body for compare-and-set saves.
import { COMMANDS } from '../../../shared/contract';
import { conflict, invalidRequest, notFound } from '../../errors';
import type { Services } from '../../types';
import { str, type CommandHandler } from '../command';

interface DocRow {
  id: string;
  title: string;
  parent_id: string | null;
  is_folder: number;
}

const DOC_HINT = 'Check the id; GET /api/v1/docs lists docs and folders.';

function findDoc(svc: Services, id: string): DocRow {
  const row = svc.db.prepare('SELECT id, title, parent_id, is_folder FROM docs WHERE id = ?').get(id) as DocRow | undefined;
  if (!row) throw notFound('Doc', DOC_HINT);
  return row;
}

function requireFolder(svc: Services, id: string | null): string | null {
  if (id === null) return null;
  const row = svc.db.prepare('SELECT id, is_folder FROM docs WHERE id = ?').get(id) as DocRow | undefined;
  if (!row) throw notFound('Folder', DOC_HINT);
  if (row.is_folder !== 1) throw invalidRequest('parentId names a doc, not a folder.', 'Send the id of a folder, or null for the root.');
  return row.id;
}

const createDocFolder: CommandHandler = ({ svc, input }) => {
  const title = str(input, 'title').trim();
  if (!title) throw invalidRequest('title must not be blank.', 'Name the folder.');
  const parent = requireFolder(svc, (input.parentId as string | null | undefined) ?? null);
  const id = svc.newId();
  const at = svc.nextTimestamp();
  svc.db
    .prepare('INSERT INTO docs (id, title, body, parent_id, is_folder, created_at, updated_at, mirrors_rules_file) VALUES (?, ?, ?, ?, 1, ?, ?, 0)')
    .run(id, title, '', parent, at, at);
  return { id, folder: { id, title, parent_id: parent } };
};

const moveDoc: CommandHandler = ({ svc, input }) => {
  const doc = findDoc(svc, str(input, 'docId'));
  const parent = requireFolder(svc, (input.parentId as string | null) ?? null);
  // A folder cannot move into itself or below itself.
  for (let at = parent; at !== null; ) {
    if (at === doc.id) throw invalidRequest('A folder cannot be moved into itself or one of its subfolders.', 'Pick a folder outside it.');
    at = (svc.db.prepare('SELECT parent_id FROM docs WHERE id = ?').get(at) as { parent_id: string | null } | undefined)?.parent_id ?? null;
  }
  svc.db.prepare('UPDATE docs SET parent_id = ? WHERE id = ?').run(parent, doc.id);
  return { id: doc.id, parent_id: parent };
};

const renameDoc: CommandHandler = ({ svc, input }) => {
  const doc = findDoc(svc, str(input, 'docId'));
  const title = str(input, 'title').trim();
  if (!title) throw invalidRequest('title must not be blank.', 'Send a new title.');
  svc.db.prepare('UPDATE docs SET title = ? WHERE id = ?').run(title, doc.id);
  return { id: doc.id, title };
};

const deleteDoc: CommandHandler = ({ svc, input }) => {
  const doc = findDoc(svc, str(input, 'docId'));
  const children = (svc.db.prepare('SELECT COUNT(*) AS n FROM docs WHERE parent_id = ?').get(doc.id) as { n: number }).n;
  if (children > 0) throw conflict(`The folder '${doc.title}' is not empty (${children} item(s)).`, 'Move or delete what is inside first.');
  svc.db.prepare('DELETE FROM docs WHERE id = ?').run(doc.id);
  return { deleted: true, id: doc.id };
};

export const docCommands: Record<string, CommandHandler> = {
  [COMMANDS.createDocFolder]: createDocFolder,
  [COMMANDS.moveDoc]: moveDoc,
  [COMMANDS.renameDoc]: renameDoc,
  [COMMANDS.deleteDoc]: deleteDoc,
};
