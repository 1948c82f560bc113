// Docs as a folder tree (vscode-free): the shared tree, as every face builds it.
import { docTreeChildren, type DocListItem } from '../../shared/index';

/** Children of `parentId` (null: the root): folders first, then by title. A doc whose parent is itself, not visible or on a cycle sits at the root. */
export function docChildren(docs: readonly DocListItem[], parentId: string | null): DocListItem[] {
  return docTreeChildren(docs, parentId);
}
