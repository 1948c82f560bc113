/**
 * The attention inbox of one account on this machine: its items with their read/done state, what
 * each source last saw (task snapshots, run cursors, the mention cursor) and the runs watched, in
 * one SQLite file (inbox.sqlite) in the account's folder. Every face on the machine opens the same
 * file, so done in one is done in the others; `revision()` changes on every write, from any
 * process, for a face to notice cheaply.
 */
import { compareTimestamps } from '../timestamps';
import { openOfflineDatabase, type Migration, type OfflineDatabase } from '../offline/database';
import { compareInboxItems, INBOX_SOURCES, matchesInboxFilter, type InboxArrival, type InboxFilter, type InboxItem, type InboxSource, type InboxState } from './inbox-item';

/** At most this many items per source; done ones go first, then read ones, oldest first. */
export const INBOX_CAP_PER_SOURCE = 2_000;
/** At most this many runs watched; settled and gone ones go first. */
export const WATCHED_RUNS_CAP = 200;

const MIGRATIONS: Migration[] = [
  {
    version: 1,
    sql: `CREATE TABLE items (
      id TEXT PRIMARY KEY,
      source TEXT NOT NULL,
      at TEXT NOT NULL,
      state TEXT NOT NULL DEFAULT 'unread',
      item TEXT NOT NULL,
      changed_at INTEGER NOT NULL
    );
    CREATE INDEX items_by_source ON items (source, state);
    CREATE TABLE kv (name TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE watched_runs (
      run_id TEXT PRIMARY KEY,
      title TEXT NOT NULL,
      task_ref TEXT,
      after INTEGER,
      settled INTEGER NOT NULL DEFAULT 0,
      gone INTEGER NOT NULL DEFAULT 0,
      added_at INTEGER NOT NULL
    );
    INSERT INTO kv (name, value) VALUES ('revision', '0');`,
  },
];

export interface WatchedRun {
  readonly runId: string;
  readonly title: string;
  readonly taskRef?: string;
  /** The last event sequence read (undefined: none yet). */
  readonly after?: number;
  readonly settled: boolean;
  readonly gone: boolean;
}

interface ItemRow {
  id: string;
  state: string;
  item: string;
}

interface RunRow {
  run_id: string;
  title: string;
  task_ref: string | null;
  after: number | null;
  settled: number;
  gone: number;
}

const toState = (s: string): InboxState => (s === 'read' || s === 'done' ? s : 'unread');
const toItem = (row: ItemRow): InboxItem => ({ ...(JSON.parse(row.item) as InboxArrival), state: toState(row.state) });

export interface InboxStoreOptions {
  now?: () => number;
}

export class InboxStore {
  readonly #store: OfflineDatabase;
  readonly #now: () => number;

  private constructor(store: OfflineDatabase, options: InboxStoreOptions) {
    this.#store = store;
    this.#now = options.now ?? Date.now;
  }

  static open(path: string, options: InboxStoreOptions = {}): InboxStore {
    return new InboxStore(openOfflineDatabase(path, MIGRATIONS, options.now, { flushed: false }), options);
  }

  get path(): string {
    return this.#store.path;
  }

  /** Set when an unreadable inbox file was moved aside (a fresh one was started). */
  get setAside(): OfflineDatabase['setAside'] {
    return this.#store.setAside;
  }

  /** Changes on every write, by this process or another. */
  revision(): number {
    return this.#store.read((db) => Number((db.get("SELECT value FROM kv WHERE name = 'revision'") as { value: string } | null)?.value ?? 0));
  }

  /**
   * Adds what the sources report. A new item is unread; one already held is replaced by a newer
   * happening of the same key (unread again) and otherwise keeps its state. Returns the items
   * that became unread here, newest first.
   */
  arrive(arrivals: readonly InboxArrival[]): InboxItem[] {
    if (arrivals.length === 0) return [];
    const fresh: InboxItem[] = [];
    this.#write((db) => {
      for (const arrival of arrivals) {
        const held = db.get('SELECT id, state, item FROM items WHERE id = ?', [arrival.id]) as unknown as ItemRow | null;
        const json = JSON.stringify(arrival);
        if (held === null) {
          db.run('INSERT INTO items (id, source, at, state, item, changed_at) VALUES (?, ?, ?, ?, ?, ?)', [arrival.id, arrival.source, arrival.at, 'unread', json, this.#now()]);
          fresh.push({ ...arrival, state: 'unread' });
          continue;
        }
        const before = toItem(held);
        if (compareTimestamps(arrival.at, before.at) > 0) {
          db.run("UPDATE items SET at = ?, item = ?, state = 'unread', changed_at = ? WHERE id = ?", [arrival.at, json, this.#now(), arrival.id]);
          fresh.push({ ...arrival, state: 'unread' });
        } else if (held.item !== json && compareTimestamps(arrival.at, before.at) === 0) {
          db.run('UPDATE items SET item = ?, changed_at = ? WHERE id = ?', [json, this.#now(), arrival.id]);
        }
      }
      for (const source of new Set(arrivals.map((a) => a.source))) this.#trim(db, source);
    });
    return fresh.sort((a, b) => compareTimestamps(b.at, a.at));
  }

  /** Items, unread first then newest first (not done ones unless `filter.done`). */
  list(filter: InboxFilter = {}): InboxItem[] {
    const rows = this.#store.read((db) => db.all('SELECT id, state, item FROM items') as unknown as ItemRow[]);
    return rows
      .map(toItem)
      .filter((i) => matchesInboxFilter(i, filter))
      .sort(compareInboxItems);
  }

  /** How many items it holds, done ones included. */
  count(): number {
    return this.#store.read((db) => Number((db.get('SELECT count(*) AS n FROM items') as { n: number }).n));
  }

  /** Items written (added, changed, marked) at or after `ms`, done ones included. */
  changedSince(ms: number): InboxItem[] {
    const rows = this.#store.read((db) => db.all('SELECT id, state, item FROM items WHERE changed_at >= ?', [ms]) as unknown as ItemRow[]);
    return rows.map(toItem);
  }

  get(id: string): InboxItem | undefined {
    const row = this.#store.read((db) => db.get('SELECT id, state, item FROM items WHERE id = ?', [id]) as unknown as ItemRow | null);
    return row ? toItem(row) : undefined;
  }

  /** Sets the state of the given items (unknown ids are ignored); returns how many changed. */
  mark(ids: readonly string[], state: InboxState): number {
    if (ids.length === 0) return 0;
    return this.#write((db) => {
      let changed = 0;
      for (const id of ids) changed += db.run('UPDATE items SET state = ?, changed_at = ? WHERE id = ? AND state != ?', [state, this.#now(), id, state]).changes;
      return changed;
    });
  }

  /** Marks done every not-done item the filter matches; returns how many. */
  markAllDone(filter: InboxFilter = {}): number {
    return this.mark(
      this.list({ ...filter, done: false }).map((i) => i.id),
      'done',
    );
  }

  /** Items of `source` the source no longer reports (a refused write since sent or dropped): done. */
  settleMissing(source: InboxSource, stillThere: ReadonlySet<string>): number {
    const open = this.list({ source }).filter((i) => !stillThere.has(i.id));
    return this.mark(
      open.map((i) => i.id),
      'done',
    );
  }

  /** Marks every item whose id starts with `prefix` as gone (kept, never an error loop). */
  markGone(prefix: string): void {
    this.#write((db) => {
      const rows = db.all('SELECT id, state, item FROM items WHERE substr(id, 1, ?) = ?', [prefix.length, prefix]) as unknown as ItemRow[];
      for (const row of rows) {
        const item = JSON.parse(row.item) as InboxArrival;
        if (item.gone) continue;
        db.run('UPDATE items SET item = ?, changed_at = ? WHERE id = ?', [JSON.stringify({ ...item, gone: true }), this.#now(), row.id]);
      }
    });
  }

  getValue<T>(name: string): T | undefined {
    const row = this.#store.read((db) => db.get('SELECT value FROM kv WHERE name = ?', [name]) as { value: string } | null);
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  setValue(name: string, value: unknown): void {
    this.#write((db) => db.run('INSERT INTO kv (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value', [name, JSON.stringify(value)]));
  }

  /** Starts watching a run (again: a gone run is not revived). Returns false when it was watched already. */
  watchRun(runId: string, title: string, taskRef?: string): boolean {
    return this.#write((db) => {
      const added = db.run('INSERT OR IGNORE INTO watched_runs (run_id, title, task_ref, added_at) VALUES (?, ?, ?, ?)', [runId, title, taskRef ?? null, this.#now()]).changes > 0;
      if (added) {
        const n = Number((db.get('SELECT count(*) AS n FROM watched_runs') as { n: number }).n);
        if (n > WATCHED_RUNS_CAP) {
          db.run('DELETE FROM watched_runs WHERE run_id IN (SELECT run_id FROM watched_runs ORDER BY (settled OR gone) DESC, added_at ASC LIMIT ?)', [n - WATCHED_RUNS_CAP]);
        }
      }
      return added;
    });
  }

  watchedRuns(): WatchedRun[] {
    const rows = this.#store.read((db) => db.all('SELECT * FROM watched_runs ORDER BY added_at') as unknown as RunRow[]);
    return rows.map((r) => ({
      runId: r.run_id,
      title: r.title,
      ...(r.task_ref ? { taskRef: r.task_ref } : {}),
      ...(r.after === null ? {} : { after: Number(r.after) }),
      settled: Number(r.settled) === 1,
      gone: Number(r.gone) === 1,
    }));
  }

  /** Where a run's reading got to; `settled` stops reading it, `gone` too (and its items say so). */
  updateRun(runId: string, change: { after?: number; settled?: boolean; gone?: boolean }): void {
    this.#write((db) => {
      if (change.after !== undefined) db.run('UPDATE watched_runs SET after = ? WHERE run_id = ?', [change.after, runId]);
      if (change.settled) db.run('UPDATE watched_runs SET settled = 1 WHERE run_id = ?', [runId]);
      if (change.gone) db.run('UPDATE watched_runs SET gone = 1 WHERE run_id = ?', [runId]);
    });
  }

  close(): void {
    this.#store.close();
  }

  #write<T>(work: (db: OfflineDatabase['db']) => T): T {
    return this.#store.transaction((db) => {
      const result = work(db);
      db.run("UPDATE kv SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE name = 'revision'");
      return result;
    });
  }

  #trim(db: OfflineDatabase['db'], source: InboxSource): void {
    const n = Number((db.get('SELECT count(*) AS n FROM items WHERE source = ?', [source]) as { n: number }).n);
    if (n <= INBOX_CAP_PER_SOURCE) return;
    const rows = (db.all('SELECT id, state, item FROM items WHERE source = ?', [source]) as unknown as ItemRow[]).map(toItem);
    const rank = (s: InboxState) => (s === 'done' ? 0 : s === 'read' ? 1 : 2);
    rows.sort((a, b) => rank(a.state) - rank(b.state) || compareTimestamps(a.at, b.at));
    for (const item of rows.slice(0, n - INBOX_CAP_PER_SOURCE)) db.run('DELETE FROM items WHERE id = ?', [item.id]);
  }
}

export { INBOX_SOURCES };
