// Prepared statements, kept: better-sqlite3's prepare() parses and plans the SQL on every call, which
// was a third of the service's CPU on reads. Call sites keep writing `svc.db.prepare(sql)`; the same
// SQL text gets the same statement back. A statement still busy (an open iterate()) is never handed
// out twice: a nested use of the same SQL gets a fresh one. The cache is bounded, so SQL built with
// values inside (table names, placeholder lists) cannot grow it without end.
import type Database from 'better-sqlite3';

const MAX_STATEMENTS = 500;

export function cacheStatements(db: Database.Database): void {
  const prepareFresh = db.prepare.bind(db);
  const cache = new Map<string, Database.Statement>();
  const prepare = (sql: string): Database.Statement => {
    const cached = cache.get(sql);
    if (cached && !cached.busy) return cached;
    const statement = prepareFresh(sql);
    if (cached) return statement;
    if (cache.size >= MAX_STATEMENTS) cache.delete(cache.keys().next().value as string);
    cache.set(sql, statement);
    return statement;
  };
  db.prepare = prepare as Database.Database['prepare'];
}
