// Docs as a folder tree (vscode-free): the shared tree, as every face builds it, and the last row of
// a tree that may be cut.
import { docTreeChildren, type DocListItem } from '../../shared/index';

/** The last row of a tree the service may have cut: "More… narrow or search" (opens Find Doc). */
export interface DocMoreNode {
  more: true;
}
export const DOC_MORE: DocMoreNode = { more: true };

export type DocNode = DocListItem | DocMoreNode;
export const isDocMore = (node: DocNode | undefined): node is DocMoreNode => node !== undefined && 'more' in node;

/** Children of `parentId` (null: the root): folders first, then by title in natural order. A doc whose parent is itself, not visible or on a cycle sits at the root. */
export function docChildren(docs: readonly DocListItem[], parentId: string | null): DocListItem[] {
  return docTreeChildren(docs, parentId);
}
