/**
 * The outbox: writes made while the service could not be reached, in one SQLite file per account
 * (outbox.sqlite, beside but apart from the cache), each with the idempotency key chosen before its
 * first attempt, so a resend of something that did reach the service is deduplicated by it.
 *
 * Exactly once across processes: an entry is claimed in a transaction (owner pid, a claim token and
 * a lease) before it is sent, and the oldest pending entry is always the next one, so two replayers
 * never send out of order or at the same time. A claim whose owner has died, or whose lease ran out,
 * is taken over; the resend is safe because the service knows the key.
 */
import { randomUUID } from 'node:crypto';
import type { PatchTaskInput } from '../contract';
import { openOfflineDatabase, STALE_LOCK_MS, type Migration, type OfflineDatabase } from './database';
import type { OutboxError } from './outbox-errors';

export type { OutboxError };

export type OutboxOperation =
  /** `channelName`/`channelKind`: how the room is named while the service cannot be asked. */
  | { readonly kind: 'post'; readonly channelId: string; readonly channelName?: string; readonly channelKind?: 'channel' | 'dm'; readonly body: string; readonly parentId?: string }
  | { readonly kind: 'edit'; readonly messageId: string; readonly body: string }
  | { readonly kind: 'task_update'; readonly taskRef: string; readonly patch: PatchTaskInput }
  /** A doc's new text with the version it was edited from: sent by compare-and-set, merged three ways. */
  | { readonly kind: 'doc_save'; readonly docId: string; readonly title: string; readonly base: { readonly body: string; readonly updated_at: string }; readonly mine: string };

/** pending: waits to be sent; failed: the service refused it, waits for edit, retry or drop. */
export type OutboxState = 'pending' | 'failed';

export interface OutboxEntry {
  /** Shown to the person and used by `wsc outbox retry|drop ID`; also the sending order. */
  readonly id: number;
  readonly idempotencyKey: string;
  readonly operation: OutboxOperation;
  readonly state: OutboxState;
  /** When it was queued (ms since the epoch). */
  readonly createdAt: number;
  readonly attempts: number;
  readonly lastError?: OutboxError;
}

/** Who is replaying: a process, and one replayer inside it. */
export interface OutboxOwner {
  readonly pid: number;
  readonly token: string;
}

export interface OutboxClaim {
  readonly entry: OutboxEntry;
  readonly owner: OutboxOwner;
}

/** A sent entry is kept this long (as a receipt for a process that waited on it), then purged. */
const SENT_KEPT_MS = 24 * 60 * 60 * 1000;

/** Longer than one call's overall deadline (90 s), so a live sender never loses its claim mid-call. */
export const CLAIM_LEASE_MS = 120_000;

const MIGRATIONS: Migration[] = [
  {
    version: 1,
    sql: `CREATE TABLE outbox (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      idempotency_key TEXT NOT NULL UNIQUE,
      operation TEXT NOT NULL,
      state TEXT NOT NULL DEFAULT 'pending',
      created_at INTEGER NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      last_error TEXT,
      claim_pid INTEGER,
      claim_token TEXT,
      lease_until INTEGER,
      sent_result TEXT,
      sent_at INTEGER
    );`,
  },
  {
    version: 2,
    // Channel names seen while online, so a post can name its channel while the service is away.
    sql: 'CREATE TABLE known_channels (id TEXT PRIMARY KEY, name TEXT NOT NULL);',
  },
  {
    version: 3,
    // A drop asked for while another process sends the entry: that sender stops and removes it.
    sql: 'ALTER TABLE outbox ADD COLUMN drop_requested INTEGER NOT NULL DEFAULT 0;',
  },
];

interface Row {
  id: number;
  idempotency_key: string;
  operation: string;
  state: string;
  created_at: number;
  attempts: number;
  last_error: string | null;
  claim_pid: number | null;
  claim_token: string | null;
  lease_until: number | null;
  sent_result: string | null;
  drop_requested?: number | null;
}

/** What a drop did: removed it, asked the process sending it to stop and remove it, or found nothing waiting. */
export type DropRequest = 'dropped' | 'requested' | 'absent';

function toEntry(row: Row): OutboxEntry {
  return {
    id: Number(row.id),
    idempotencyKey: row.idempotency_key,
    operation: JSON.parse(row.operation) as OutboxOperation,
    state: row.state === 'failed' ? 'failed' : 'pending',
    createdAt: Number(row.created_at),
    attempts: Number(row.attempts),
    ...(row.last_error ? { lastError: JSON.parse(row.last_error) as OutboxError } : {}),
  };
}

export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function newOutboxOwner(): OutboxOwner {
  return { pid: process.pid, token: randomUUID() };
}

export interface OutboxOptions {
  now?: () => number;
  uuid?: () => string;
  isAlive?: (pid: number) => boolean;
}

export class Outbox {
  readonly #store: OfflineDatabase;
  readonly #now: () => number;
  readonly #uuid: () => string;
  readonly #isAlive: (pid: number) => boolean;

  private constructor(store: OfflineDatabase, options: OutboxOptions) {
    this.#store = store;
    this.#now = options.now ?? Date.now;
    this.#uuid = options.uuid ?? randomUUID;
    this.#isAlive = options.isAlive ?? processIsAlive;
  }

  static open(path: string, options: OutboxOptions = {}): Outbox {
    // A replayer killed inside a transaction leaves the lock behind until it is stale: waiting that
    // out beats failing a post or a replay.
    return new Outbox(openOfflineDatabase(path, MIGRATIONS, options.now, { busyRetryMs: STALE_LOCK_MS + 2_000 }), options);
  }

  get path(): string {
    return this.#store.path;
  }

  /** Set when an unreadable outbox file was moved aside (its entries are in the moved file). */
  get setAside(): OfflineDatabase['setAside'] {
    return this.#store.setAside;
  }

  /** Queues `operation` behind everything already queued; its key is chosen here, before any attempt. */
  enqueue(operation: OutboxOperation, idempotencyKey: string = this.#uuid()): OutboxEntry {
    return this.#store.transaction((db) => {
      db.run("DELETE FROM outbox WHERE state = 'sent' AND sent_at < ?", [this.#now() - SENT_KEPT_MS]);
      const { lastInsertRowid } = db.run('INSERT INTO outbox (idempotency_key, operation, created_at) VALUES (?, ?, ?)', [idempotencyKey, JSON.stringify(operation), this.#now()]);
      return toEntry(db.get('SELECT * FROM outbox WHERE id = ?', [Number(lastInsertRowid)]) as unknown as Row);
    });
  }

  list(): OutboxEntry[] {
    return this.#store.read((db) => (db.all("SELECT * FROM outbox WHERE state != 'sent' ORDER BY id") as unknown as Row[]).map(toEntry));
  }

  /** A waiting entry (pending or failed); undefined once sent or dropped. */
  get(id: number): OutboxEntry | undefined {
    const row = this.#store.read((db) => db.get("SELECT * FROM outbox WHERE id = ? AND state != 'sent'", [id]) as unknown as Row | null);
    return row ? toEntry(row) : undefined;
  }

  /** The service's answer to an entry that was sent (kept a day), for a process that waited on another's replay. */
  sentResult(id: number): unknown {
    const row = this.#store.read((db) => db.get("SELECT sent_result FROM outbox WHERE id = ? AND state = 'sent'", [id]) as unknown as { sent_result: string | null } | null);
    return row?.sent_result ? (JSON.parse(row.sent_result) as unknown) : undefined;
  }

  /** How many entries wait (pending and failed). */
  count(): { pending: number; failed: number } {
    const rows = this.#store.read((db) => db.all('SELECT state, COUNT(*) AS n FROM outbox GROUP BY state') as unknown as { state: string; n: number }[]);
    const n = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
    return { pending: n('pending'), failed: n('failed') };
  }

  /**
   * Claims the oldest pending entry for `owner`. 'busy' when another live replayer holds it (it
   * sends in order; the caller leaves the rest to it); undefined when nothing is pending.
   */
  claimNext(owner: OutboxOwner): OutboxClaim | 'busy' | undefined {
    return this.#store.transaction((db) => {
      const row = db.get("SELECT * FROM outbox WHERE state = 'pending' ORDER BY id LIMIT 1") as unknown as Row | null;
      if (!row) return undefined;
      const now = this.#now();
      // A claim sets token, pid and lease together and its end clears them together: an unclaimed row has no lease.
      const heldByAnother = row.claim_token !== owner.token && (row.lease_until ?? 0) > now;
      if (heldByAnother && this.#isAlive(Number(row.claim_pid))) return 'busy';
      db.run('UPDATE outbox SET claim_pid = ?, claim_token = ?, lease_until = ?, attempts = attempts + 1 WHERE id = ?', [owner.pid, owner.token, now + CLAIM_LEASE_MS, row.id]);
      return { entry: toEntry({ ...row, attempts: Number(row.attempts) + 1 }), owner };
    });
  }

  /** Sent: the entry leaves the outbox (whoever holds the claim now; the service deduplicated any resend). */
  markSent(id: number, result: unknown): void {
    this.#store.transaction((db) =>
      db.run("UPDATE outbox SET state = 'sent', sent_result = ?, sent_at = ?, claim_pid = NULL, claim_token = NULL, lease_until = NULL WHERE id = ?", [
        JSON.stringify(result ?? null),
        this.#now(),
        id,
      ]),
    );
  }

  /** The service refused it: kept, marked failed with what the service said, until edited, retried or dropped. */
  markFailed(claim: OutboxClaim, error: OutboxError): void {
    this.#store.transaction((db) =>
      db.run("UPDATE outbox SET state = 'failed', last_error = ?, claim_pid = NULL, claim_token = NULL, lease_until = NULL WHERE id = ?", [JSON.stringify(error), claim.entry.id]),
    );
  }

  /** Not sent this time (unreachable, 5xx, 429): stays pending in its place, with the reason. */
  release(claim: OutboxClaim, error: OutboxError): void {
    this.#store.transaction((db) =>
      db.run('UPDATE outbox SET last_error = ?, claim_pid = NULL, claim_token = NULL, lease_until = NULL WHERE id = ? AND claim_token = ?', [
        JSON.stringify(error),
        claim.entry.id,
        claim.owner.token,
      ]),
    );
  }

  /** A failed entry goes back to pending (in its original place); false when there is no such entry. */
  retry(id: number): boolean {
    return this.#store.transaction((db) => db.run("UPDATE outbox SET state = 'pending' WHERE id = ? AND state = 'failed'", [id]).changes > 0);
  }

  /** Every failed entry back to pending; how many. */
  retryAll(): number {
    return this.#store.transaction((db) => db.run("UPDATE outbox SET state = 'pending' WHERE state = 'failed'").changes);
  }

  /**
   * Changes the text of a refused (or never attempted) post or edit and sets it pending again, with
   * a new idempotency key: the service refuses a key reused for a different request. An entry that
   * may have reached the service (attempted, not refused) keeps its text, or it could arrive twice.
   */
  editBody(id: number, body: string): OutboxEntry | undefined {
    return this.#store.transaction((db) => {
      const row = db.get("SELECT * FROM outbox WHERE id = ? AND state != 'sent'", [id]) as unknown as Row | null;
      if (!row || (row.state === 'pending' && Number(row.attempts) > 0)) return undefined;
      const entry = toEntry(row);
      if (entry.operation.kind === 'task_update' || entry.operation.kind === 'doc_save') return undefined;
      const operation = { ...entry.operation, body };
      db.run("UPDATE outbox SET operation = ?, idempotency_key = ?, state = 'pending', last_error = NULL WHERE id = ?", [JSON.stringify(operation), this.#uuid(), id]);
      return toEntry(db.get('SELECT * FROM outbox WHERE id = ?', [id]) as unknown as Row);
    });
  }

  /**
   * Removes the entry; one another live process is sending right now is marked instead, and that
   * sender stops the send and removes it (`requested`: look again with get() and sentResult()).
   */
  requestDrop(id: number): DropRequest {
    return this.#store.transaction((db) => {
      const row = db.get("SELECT * FROM outbox WHERE id = ? AND state != 'sent'", [id]) as unknown as Row | null;
      if (!row) return 'absent';
      const inFlight = (row.lease_until ?? 0) > this.#now() && this.#isAlive(Number(row.claim_pid));
      if (!inFlight) {
        db.run('DELETE FROM outbox WHERE id = ?', [id]);
        return 'dropped';
      }
      db.run('UPDATE outbox SET drop_requested = 1 WHERE id = ?', [id]);
      return 'requested';
    });
  }

  /** Whether someone asked to drop this entry while it was being sent. */
  dropRequested(id: number): boolean {
    const row = this.#store.read((db) => db.get("SELECT drop_requested FROM outbox WHERE id = ? AND state != 'sent'", [id]) as unknown as { drop_requested: number | null } | null);
    return Number(row?.drop_requested ?? 0) === 1;
  }

  /** The sender's side of a requested drop: the send was stopped, the entry goes. */
  completeDrop(claim: OutboxClaim): void {
    this.#store.transaction((db) => db.run('DELETE FROM outbox WHERE id = ? AND claim_token = ?', [claim.entry.id, claim.owner.token]));
  }

  /** Removes an entry that is not being sent right now; false when it is absent or in flight. */
  drop(id: number): boolean {
    return this.#store.transaction((db) => {
      const row = db.get("SELECT * FROM outbox WHERE id = ? AND state != 'sent'", [id]) as unknown as Row | null;
      if (!row) return false;
      const inFlight = (row.lease_until ?? 0) > this.#now() && this.#isAlive(Number(row.claim_pid));
      if (inFlight) return false;
      db.run('DELETE FROM outbox WHERE id = ?', [id]);
      return true;
    });
  }

  /** Remembers the channels' names (replacing what was known), for naming a channel offline. */
  rememberChannels(channels: readonly { readonly id: string; readonly name: string }[]): void {
    this.#store.transaction((db) => {
      db.run('DELETE FROM known_channels');
      for (const c of channels) db.run('INSERT OR REPLACE INTO known_channels (id, name) VALUES (?, ?)', [c.id, c.name]);
    });
  }

  knownChannels(): { id: string; name: string }[] {
    return this.#store.read((db) => db.all('SELECT id, name FROM known_channels ORDER BY name') as unknown as { id: string; name: string }[]);
  }

  close(): void {
    this.#store.close();
  }
}
