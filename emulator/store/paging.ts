// Cursor paging over created_at (design.md): no cursor = the newest window; before=X = the window
// just before X; after=X = the window just after X. Pages are always oldest first.
import type { MessageRecord } from './records';
import type { Services } from '../types';
import { shortLimit } from '../variants';

export interface PageRequest {
  limit: number;
  before: string | null;
  after: string | null;
}

export interface RecordPage {
  records: MessageRecord[];
  hasMore: boolean;
  cursor: string | null;
}

/** `where` is a SQL condition over the messages table with `?` params. */
export function pageMessages(svc: Services, where: string, params: unknown[], requested: PageRequest): RecordPage {
  const page = { ...requested, limit: shortLimit(svc.variant, requested.limit) };
  if (page.after !== null) {
    const rows = svc.db
      .prepare(`SELECT * FROM messages WHERE ${where} AND created_at > ? ORDER BY created_at ASC LIMIT ?`)
      .all(...params, page.after, page.limit + 1) as MessageRecord[];
    const records = rows.slice(0, page.limit);
    return { records, hasMore: rows.length > page.limit, cursor: records.at(-1)?.created_at ?? null };
  }
  const rows = (page.before !== null
    ? svc.db.prepare(`SELECT * FROM messages WHERE ${where} AND created_at < ? ORDER BY created_at DESC LIMIT ?`).all(...params, page.before, page.limit + 1)
    : svc.db.prepare(`SELECT * FROM messages WHERE ${where} ORDER BY created_at DESC LIMIT ?`).all(...params, page.limit + 1)) as MessageRecord[];
  const records = rows.slice(0, page.limit).reverse();
  return { records, hasMore: rows.length > page.limit, cursor: records[0]?.created_at ?? null };
}
