/**
 * What a doc command's argument says, vscode-free. A command run from the Docs view gets a tree
 * element (a DocListItem: `id`, `title`, `is_folder`, …, or `{doc}`) — from an item's menu, and
 * from the view's title bar while an item has focus. Its `title` is the doc's current title, never
 * an answer. Only a script argument (an object that is not a tree element) answers questions:
 * newDoc `{title?, parentId? | docId?, body?}` (docId: next to that doc), newFolder `{title?, parentId?}`, rename `{docId, title?}`,
 * move `{docId, parentId?}`, delete `{docId, confirm?}`.
 */
import { docTargetOf, type DocTarget } from './doc-target';

/** The argument's fields when it is a script argument; undefined for a tree element or anything else. */
export function scriptFields(arg: unknown): Readonly<Record<string, unknown>> | undefined {
  if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return undefined;
  const record = arg as Record<string, unknown>;
  const treeElement = 'doc' in record || 'id' in record || 'is_folder' in record || 'updated_at' in record;
  return treeElement ? undefined : record;
}

function scriptString(arg: unknown, key: string): string | undefined {
  const v = scriptFields(arg)?.[key];
  return typeof v === 'string' ? v : undefined;
}

/** A script's parentId: a folder id, null for the top level, undefined when it names none. */
function scriptParent(arg: unknown): string | null | undefined {
  const fields = scriptFields(arg);
  if (!fields || !('parentId' in fields)) return undefined;
  const v = fields.parentId;
  return v === null || typeof v === 'string' ? v : undefined;
}

/** The doc a tree element or a URI names, or a script's `docId` (its `title` is an answer, not the doc's). */
function targetOf(arg: unknown): DocTarget | undefined {
  if (!scriptFields(arg)) return docTargetOf(arg);
  const docId = scriptString(arg, 'docId');
  return docId ? { id: docId } : undefined;
}

export interface NewDocArgs {
  /** The tree element the command came from: a new doc goes into its folder. */
  from?: DocTarget;
  title?: string;
  parentId?: string | null;
  body?: string;
}

/** wsc.newDoc and wsc.docs.newFolder (which ignores `body`). */
export function newDocArgs(arg: unknown): NewDocArgs {
  const from = targetOf(arg);
  const title = scriptString(arg, 'title');
  const parentId = scriptParent(arg);
  const body = scriptString(arg, 'body');
  return { ...(from ? { from } : {}), ...(title !== undefined ? { title } : {}), ...(parentId !== undefined ? { parentId } : {}), ...(body !== undefined ? { body } : {}) };
}

export interface TargetedDocArgs {
  /** The doc or folder acted on; undefined: ask. */
  target?: DocTarget;
  /** rename: the new title. */
  title?: string;
  /** move: where to (null: the top level). */
  parentId?: string | null;
  /** delete: the typed confirmation phrase. */
  confirm?: string;
}

/** wsc.docs.rename, .move, .delete and .open: the target, and a script's answers. */
export function targetedDocArgs(arg: unknown): TargetedDocArgs {
  const target = targetOf(arg);
  const title = scriptString(arg, 'title');
  const parentId = scriptParent(arg);
  const confirm = scriptString(arg, 'confirm');
  return {
    ...(target ? { target } : {}),
    ...(title !== undefined ? { title } : {}),
    ...(parentId !== undefined ? { parentId } : {}),
    ...(confirm !== undefined ? { confirm } : {}),
  };
}
