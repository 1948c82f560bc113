// A doc named on the command line by id or by title ('wsc doc get "Deploy guide"').
import { NotFoundError, type Client, type Doc, type DocListItem } from '../shared/index';
import { CliError, usageError } from '../term/cli-error';

/** The largest search page asked for when looking a title up (the service may give fewer). */
const TITLE_SEARCH_LIMIT = 100;

/**
 * The doc `given` names: an id first (one request, as before), else a doc whose title is exactly
 * `given` (then ignoring case). Two docs with that title are not guessed between.
 */
export async function findDoc(client: Client, given: string, command: string): Promise<Doc> {
  try {
    return await client.getDoc(given);
  } catch (e) {
    if (!(e instanceof NotFoundError)) throw e;
  }
  const hits = await client.docs({ q: given, limit: TITLE_SEARCH_LIMIT });
  const match = pickByTitle(hits, given);
  if (match.kind === 'one') return client.getDoc(match.doc.id);
  if (match.kind === 'many') {
    throw usageError(
      `${command}: ${match.docs.length} docs are titled '${given}'.`,
      `Use its id: ${match.docs.map((d) => d.id).join(', ')} (wsc doc list shows where each one is).`,
    );
  }
  throw new CliError('not_found', `${command}: no doc has the id or the title '${given}'.`, "Run 'wsc doc list' for titles and ids (--text searches them).");
}

export type TitleMatch = { kind: 'one'; doc: DocListItem } | { kind: 'many'; docs: DocListItem[] } | { kind: 'none' };

/** Docs (not folders) titled exactly `title`; when none, titled so ignoring case. */
export function pickByTitle(items: readonly DocListItem[], title: string): TitleMatch {
  const docs = items.filter((d) => !d.is_folder);
  const exact = docs.filter((d) => d.title === title);
  const lower = title.toLowerCase();
  const found = exact.length > 0 ? exact : docs.filter((d) => d.title.toLowerCase() === lower);
  if (found.length === 1) return { kind: 'one', doc: found[0] as DocListItem };
  return found.length > 1 ? { kind: 'many', docs: found } : { kind: 'none' };
}
