// Opens the SQLite store: in memory by default, a WAL file with --data (each statement or
// transaction is committed before the response is sent, so a restart loses nothing).
import Database from 'better-sqlite3';
import { registerMentionTokens } from './store/mention-tokens';
import { cacheStatements } from './store/statement-cache';

export function openDatabase(dataFile: string | undefined): Database.Database {
  const db = new Database(dataFile ?? ':memory:');
  if (dataFile) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
  }
  db.pragma('foreign_keys = OFF');
  cacheStatements(db);
  registerMentionTokens(db);
  return db;
}

export function tableNames(db: Database.Database): string[] {
  const rows = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[];
  return rows.map((r) => r.name);
}

/** Empties every table (control reset). */
export function clearAll(db: Database.Database): void {
  for (const name of tableNames(db)) db.prepare(`DELETE FROM "${name}"`).run();
}

/** Every row of every table (GET /_emulator/state). JSON columns stay strings. */
export function dumpAll(db: Database.Database): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const name of tableNames(db)) out[name] = db.prepare(`SELECT * FROM "${name}"`).all();
  return out;
}
