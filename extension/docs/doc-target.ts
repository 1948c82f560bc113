/**
 * Which doc a command acts on: its argument may be a Docs tree item (with `doc`, or `id` and
 * `title` fields), a `{docId}` object from a script or test, or a wsc-doc URI text. Undefined
 * means "ask the person".
 */
import { parseDocUri, DOC_SCHEME } from './doc-uri';

export interface DocTarget {
  id: string;
  title?: string;
  isFolder?: boolean;
}

function str(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = (value as Record<string, unknown>)[key];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** A URI text with a stray `%` is not a doc's address: no target rather than a URIError. */
function decodedOrUndefined(text: string): string | undefined {
  try {
    return decodeURI(text);
  } catch {
    return undefined;
  }
}

export function docTargetOf(arg: unknown): DocTarget | undefined {
  if (typeof arg === 'string') {
    const rest = arg.startsWith(`${DOC_SCHEME}:`) ? arg.slice(DOC_SCHEME.length + 1) : arg;
    const at = rest.indexOf('?');
    const path = decodedOrUndefined(at >= 0 ? rest.slice(0, at) : rest);
    if (path === undefined) return undefined;
    const parsed = parseDocUri(path, at >= 0 ? rest.slice(at + 1) : '');
    return parsed ? { id: parsed.docId } : undefined;
  }
  if (typeof arg !== 'object' || arg === null) return undefined;
  const record = arg as Record<string, unknown>;
  const nested = record.doc;
  if (typeof nested === 'object' && nested !== null) return docTargetOf(nested);
  const id = str(arg, 'docId') ?? str(arg, 'id');
  if (!id) return undefined;
  const isFolder = record.is_folder ?? record.isFolder;
  return { id, title: str(arg, 'title'), isFolder: typeof isFolder === 'boolean' ? isFolder : undefined };
}
