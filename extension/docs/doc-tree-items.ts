// Docs as a folder tree (vscode-free).
import type { DocListItem } from '../../shared/index';

/** Children of `parentId` (null: the root): folders first, then by title. Orphans (parent not visible) sit at the root. */
export function docChildren(docs: readonly DocListItem[], parentId: string | null): DocListItem[] {
  const ids = new Set(docs.map((d) => d.id));
  return docs
    .filter((d) => (parentId === null ? d.parent_id === null || !ids.has(d.parent_id) : d.parent_id === parentId))
    .sort((a, b) => (a.is_folder === b.is_folder ? a.title.localeCompare(b.title) : a.is_folder ? -1 : 1));
}
