/**
 * The docs a whole tree shows: one answer at the service's ceiling (GET /docs takes no folder or
 * cursor, so the tree is built from the parents the rows name), or one search (`q`) at the ceiling.
 * When the answer may be cut, every folder may be missing children, and the faces say so.
 */
import type { Client } from '../client';
import { PATHS, type DocListItem } from '../contract';
import type { CallOptions } from '../http/types';
import { askAtMost, listCeiling, noteAnswerSize, UNKNOWN_CEILING_ASK } from './list-ceiling';
import { settleAnswer, type ListNotes } from './whole-list';

export interface WholeDocs extends ListNotes {
  /** Each doc once, in the service's order (the tree orders each folder). */
  docs: DocListItem[];
  /** More docs may exist than shown: folders may be missing children; search finds the rest. */
  truncated: boolean;
  requests: number;
}

export type DocListClient = Pick<Client, 'docs' | 'openapiDocument'>;

/** The docs (or the search hits for `q`); `limit` set asks that many instead of the service's most. */
export async function loadWholeDocs(client: DocListClient, q?: string, limit?: number, opts?: CallOptions): Promise<WholeDocs> {
  const path = PATHS.docs();
  const published = limit === undefined ? await listCeiling(client, path) : null;
  const search = q !== undefined && q !== '' ? { q } : {};
  const { rows, asked } = await askAtMost(limit ?? published ?? UNKNOWN_CEILING_ASK, limit ?? published, (at) => client.docs({ ...search, limit: at }, opts));
  const learnt = noteAnswerSize(client, path, JSON.stringify({ q }), asked, rows.length);
  const answer = settleAnswer(rows, asked, limit === undefined ? (published ?? learnt) : null);
  return { docs: answer.items, truncated: answer.truncated, repeated: answer.repeated, extra: answer.extra, requests: 1 };
}
