// How a message looks in text output: one header line, then its Markdown body, indented.
import { authorLabel, type Client, type Message } from '../shared/index';
import { safe, term, type Output, type SafeText } from './output';
import { writeMarkdown } from './markdown-output';

/** Names for authors a service left out of its answer (a renamed or missing `author`), by author id. */
export type KnownAuthors = ReadonlyMap<string, string>;

/** The author id of a message whose author object the service left out (its `author_id`), if any. */
function missingAuthorId(m: Message): string | undefined {
  const name = m.author?.name?.trim() ?? '';
  const placeholder = name === '' || (name === 'unknown author' && (m.author?.handle ?? '') === '');
  if (!placeholder) return undefined;
  const id = (m as Message & { author_id?: unknown }).author_id ?? m.author?.id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/**
 * When some message came without its author, the people of the channel (one request, only then),
 * so the line names them from `author_id` instead of "unknown author".
 */
export async function knownAuthors(client: Pick<Client, 'members'>, channelId: string, messages: readonly Message[]): Promise<KnownAuthors> {
  const ids = new Set(messages.flatMap((m) => missingAuthorId(m) ?? []));
  if (ids.size === 0) return new Map();
  try {
    const members = await client.members(channelId);
    return new Map(members.filter((p) => ids.has(p.id)).map((p) => [p.id, authorLabel(p)]));
  } catch {
    return new Map();
  }
}

export function messageHeader(out: Output, m: Message, where?: string, authors?: KnownAuthors): SafeText {
  const missing = missingAuthorId(m);
  const author = safe(missing !== undefined ? (authors?.get(missing) ?? `unknown author (${missing})`) : authorLabel(m.author));
  const via = m.via ? out.dim(term` via ${safe(m.via)}`) : '';
  const edited = m.edited_at ? out.dim(term` (edited)`) : '';
  const place = where ? term`${safe(where)} ` : '';
  const replies = m.reply_count > 0 ? out.dim(term` · ${m.reply_count} repl${m.reply_count === 1 ? term`y` : term`ies`}`) : '';
  return term`${out.dim(safe(m.created_at))} ${place}${out.bold(author)}${via}${edited}${replies} ${out.dim(term`· ${safe(m.id)}`)}`;
}

export function printMessage(out: Output, m: Message, where?: string, authors?: KnownAuthors): void {
  out.line(messageHeader(out, m, where, authors));
  writeMarkdown(out, m.body, '  ');
}
