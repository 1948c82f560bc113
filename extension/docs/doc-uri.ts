/**
 * Where a doc lives as a file: `wsc-doc:/<docId>/<file name>.md`.
 *
 * The first path segment (the doc's id) is the identity; the file name after it only makes the
 * editor tab readable and is ignored when resolving. So a rename or a move on the service never
 * breaks an open editor or a pending conflict, and two docs with the same title never collide.
 * This module has no vscode import: the provider builds vscode.Uri values from these paths.
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

/** The URI path of a doc: `/<docId>/<file name>`. */
export function docUriPath(docId: string, title: string): string {
  return `/${encodeURIComponent(docId)}/${docFileName(title)}`;
}

/** The full URI text of a doc (for places that take a string, e.g. persisted records). */
export function docUriString(docId: string, title: string): string {
  return `${DOC_SCHEME}:${encodeURI(docUriPath(docId, title))}`;
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
