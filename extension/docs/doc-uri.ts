/**
 * Where a doc lives as a file: `wsc-doc:/<file name>.md?id=<docId>`.
 *
 * The `id` in the query is the identity; the path only makes the tab, the breadcrumbs and the
 * hover read like a file ("Deploy guide.md", not an id as a folder) and is ignored when resolving.
 * So a rename or a move on the service never breaks an open editor or a pending conflict, and two
 * docs with the same title never collide. The earlier form, `wsc-doc:/<docId>/<file name>.md`
 * (in editors restored from before), still resolves. This module has no vscode import: the
 * provider builds vscode.Uri values from these parts.
 */

export const DOC_SCHEME = 'wsc-doc';

/** Characters a file name in a tab or on a path cannot carry. */
const UNSAFE_IN_NAME = /[\\/:*?"<>|\x00-\x1f\x7f]+/g;
const NAME_MAX = 120;

/** `Deploy guide` -> `Deploy guide.md`; a title already ending in .md keeps it (`AGENTS.md`). */
export function docFileName(title: string): string {
  let name = title.replace(UNSAFE_IN_NAME, '-').replace(/\s+/g, ' ').trim();
  if (name === '' || name === '.' || name === '..') name = 'Untitled';
  if (name.length > NAME_MAX) name = name.slice(0, NAME_MAX).trim();
  return /\.md$/i.test(name) ? name : `${name}.md`;
}

/** The URI path and query of a doc: `/<file name>` and `id=<docId>`. */
export function docUriParts(docId: string, title: string): { path: string; query: string } {
  return { path: `/${docFileName(title)}`, query: `id=${encodeURIComponent(docId)}` };
}

/** The earlier URI path of a doc, `/<docId>/<file name>` (still resolved by parseDocUri). */
export function docUriPath(docId: string, title: string): string {
  return `/${encodeURIComponent(docId)}/${docFileName(title)}`;
}

/** The full URI text of a doc (for places that take a string, e.g. persisted records). */
export function docUriString(docId: string, title: string): string {
  const { path, query } = docUriParts(docId, title);
  return `${DOC_SCHEME}:${encodeURI(path)}?${query}`;
}

/**
 * The doc a URI's path and query name: `id` in the query (the file name is the path's last
 * segment), else the earlier `/<docId>/<file name>` path. Null for folders-as-paths and the root.
 */
export function parseDocUri(path: string, query: string): ParsedDocPath | null {
  const id = /(?:^|&)id=([^&]*)/.exec(query);
  if (!id) return parseDocUriPath(path);
  const fileName = path.split('/').filter((p) => p !== '').at(-1) ?? '';
  if (fileName === '') return null;
  try {
    const docId = decodeURIComponent(id[1] ?? '');
    return docId === '' ? null : { docId, fileName };
  } catch {
    return null;
  }
}

export interface ParsedDocPath {
  docId: string;
  fileName: string;
}

/**
 * The doc a URI path names, or null for the root (`/`) and for paths that name no doc.
 * `/<id>` alone resolves too (the file name is optional).
 */
export function parseDocUriPath(path: string): ParsedDocPath | null {
  const parts = path.split('/').filter((p) => p !== '');
  const [rawId, ...rest] = parts;
  if (rawId === undefined || rest.length > 1) return null;
  let docId: string;
  try {
    docId = decodeURIComponent(rawId);
  } catch {
    return null;
  }
  if (docId === '') return null;
  return { docId, fileName: rest[0] ?? '' };
}
