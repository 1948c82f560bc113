/**
 * The docs folder tree, built the same way in every face. A doc sits under its parent only when
 * that parent is listed and the chain of parents above it ends at the top; a doc whose parent is
 * itself, is not listed, or lies on a cycle of parents sits at the top level, so it is never hidden.
 */

import { naturalCompare } from '../lists/natural-order';

/** The fields the tree needs of a listed doc. */
export interface DocTreeItem {
  id: string;
  parent_id: string | null;
  title: string;
  is_folder: boolean;
}

/** Each listed doc's parent as the tree shows it: the id it sits under, or null for the top level. */
export function docTreeParents(docs: readonly DocTreeItem[]): Map<string, string | null> {
  const byId = new Map(docs.map((d) => [d.id, d]));
  const parents = new Map<string, string | null>();
  for (const d of docs) {
    const parent = d.parent_id;
    parents.set(d.id, parent !== null && parent !== d.id && byId.has(parent) && !onCycle(d.id, byId) ? parent : null);
  }
  return parents;
}

/** Whether walking up the parents from `id` comes back to it. */
function onCycle(id: string, byId: ReadonlyMap<string, DocTreeItem>): boolean {
  const seen = new Set<string>();
  let at = byId.get(id)?.parent_id ?? null;
  while (at !== null && !seen.has(at)) {
    if (at === id) return true;
    seen.add(at);
    at = byId.get(at)?.parent_id ?? null;
  }
  return false;
}

/** The docs under `parentId` (null: the top level) as the tree shows them: folders first, then by title in natural order (Folder 2 before Folder 10). */
export function docTreeChildren<T extends DocTreeItem>(docs: readonly T[], parentId: string | null, parents: ReadonlyMap<string, string | null> = docTreeParents(docs)): T[] {
  return docs
    .filter((d) => (parents.get(d.id) ?? null) === parentId)
    .sort((a, b) => (a.is_folder === b.is_folder ? naturalCompare(a.title, b.title) : a.is_folder ? -1 : 1));
}

/** The folders from the top down to `id` (itself included), as the tree places them. */
export function docTreePath<T extends DocTreeItem>(docs: readonly T[], id: string | null, parents: ReadonlyMap<string, string | null> = docTreeParents(docs)): T[] {
  const byId = new Map(docs.map((d) => [d.id, d]));
  const path: T[] = [];
  // The tree's parents end at the top (no cycles), so this walk ends; the bound is a second guard.
  for (let at = id; at !== null && path.length <= docs.length; at = parents.get(at) ?? null) {
    const doc = byId.get(at);
    if (!doc) break;
    path.unshift(doc);
  }
  return path;
}
