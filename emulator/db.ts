// Opens the SQLite store: in memory by default, a WAL file with --data (each statement or
// transaction is committed before the response is sent, so a restart loses nothing). A data file
// is verified before use: a damaged file or write-ahead log stops the start with DataFileError
// rather than serving a silently older, broken or empty workspace.
import Database from 'better-sqlite3';
import { registerMentionTokens } from './store/mention-tokens';
import { cacheStatements } from './store/statement-cache';
import { checkWal } from './wal-check';

/** The --data file cannot be used as it is; the message says what to do. */
export class DataFileError extends Error {}

/** What every store needs before use: prepared statements kept, the mention tokenizer registered. */
function ready(db: Database.Database): Database.Database {
  db.pragma('foreign_keys = OFF');
  cacheStatements(db);
  registerMentionTokens(db);
  return db;
}

export function openDatabase(dataFile: string | undefined): Database.Database {
  if (!dataFile) {
    return ready(new Database(':memory:'));
  }
  // Before SQLite opens it: SQLite would ignore a damaged log and then overwrite it.
  const wal = checkWal(`${dataFile}-wal`);
  if (!wal.ok) {
    throw new DataFileError(
      `the write-ahead log ${dataFile}-wal is damaged (${wal.problem}); starting on it would silently drop the changes it holds. ` +
        `Restore ${dataFile} and ${dataFile}-wal from a backup, or move both aside to start a new workspace`,
    );
  }
  let db: Database.Database | undefined;
  try {
    db = new Database(dataFile);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    const problems = (db.pragma('quick_check(5)') as { quick_check: string }[]).map((r) => r.quick_check).filter((r) => r !== 'ok');
    if (problems.length > 0) throw new Error(problems.join('; '));
    return ready(db);
  } catch (error) {
    db?.close();
    const why = error instanceof Error ? error.message : String(error);
    throw new DataFileError(`${dataFile} is not a usable workspace database (${why}). Restore it from a backup, or move it aside to start a new workspace`);
  }
}

/** Moves everything in the write-ahead log into the data file (so the file alone holds the workspace). */
export function checkpoint(db: Database.Database): void {
  db.pragma('wal_checkpoint(TRUNCATE)');
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
