// One signed-in account's outbox in the extension host: writes that could not reach the service
// wait here (durably, in SQLite under the extension's global storage) and are sent in order in the
// background, tried again every few seconds while the service cannot be reached. The store is
// imported lazily: activation and every write that goes straight through never load it.
import { hasOutbox, ReplayLoop, type OfflineAccount, type Outbox, type OutboxEntry, type OutboxError, type OutboxOperation, type OutboxSender } from '../../shared/index';

/** How often waiting entries are tried again while the service cannot be reached. */
export const RETRY_EVERY_MS = 5_000;

export interface AccountOutboxEvents {
  /** The waiting entries changed (queued, sent, refused, retried, dropped, edited). */
  changed(entries: readonly OutboxEntry[]): void;
  /** An entry was sent: views fetch the real message. */
  sent(entry: OutboxEntry): void;
  refused(entry: OutboxEntry, said: OutboxError): void;
}

export class AccountOutbox {
  #outbox: Outbox | undefined;
  #opening: Promise<Outbox> | undefined;
  #entries: readonly OutboxEntry[] = [];
  readonly #sending = new ReplayLoop({ round: (signal) => this.#replay(signal), retryEveryMs: RETRY_EVERY_MS });
  #closed = false;

  constructor(
    private readonly root: string,
    readonly account: OfflineAccount,
    private readonly client: OutboxSender,
    private readonly events: AccountOutboxEvents,
  ) {}

  /** Opens the file when one exists (no SQLite loaded otherwise) and sends what waits. */
  async resume(): Promise<void> {
    if (!hasOutbox(this.root, this.account)) return;
    await this.#open();
    this.#reload(true);
    if (this.#entries.some((e) => e.state === 'pending')) void this.flush();
  }

  entries(): readonly OutboxEntry[] {
    return this.#entries;
  }

  /** Whether something waits (a new write must queue behind it to keep the order). */
  hasPending(): boolean {
    return this.#entries.some((e) => e.state === 'pending');
  }

  /** Queues the operation under the key already used for its first attempt, shows it and starts sending. */
  async queue(operation: OutboxOperation, idempotencyKey?: string): Promise<OutboxEntry> {
    const outbox = await this.#open();
    const entry = outbox.enqueue(operation, idempotencyKey);
    this.#reload(true);
    void this.flush();
    return entry;
  }

  async retry(id: number): Promise<boolean> {
    const outbox = await this.#open();
    const retried = outbox.retry(id);
    this.#reload();
    void this.flush();
    return retried;
  }

  /** Drops an entry; one this window is sending right now is stopped first (another process's stays). */
  async drop(id: number): Promise<boolean> {
    const outbox = await this.#open();
    let dropped = outbox.drop(id);
    if (!dropped && this.#sending.running && outbox.get(id)) dropped = await this.#sending.whileStopped(() => outbox.drop(id));
    this.#reload();
    return dropped;
  }

  /** A refused (or never attempted) post or edit with new text, sent again. */
  async edit(id: number, body: string): Promise<boolean> {
    const outbox = await this.#open();
    const edited = outbox.editBody(id, body) !== undefined;
    this.#reload();
    if (edited) void this.flush();
    return edited;
  }

  /** Sends what is pending, in order; a call while one runs makes it go round once more. */
  flush(): Promise<void> {
    if (this.#closed || !this.#outbox) return Promise.resolve();
    return this.#sending.run();
  }

  /** One round of sending; `true` when what waits should be tried again later. */
  async #replay(signal: AbortSignal): Promise<boolean> {
    const outbox = this.#outbox;
    if (!outbox) return false;
    const { replayOutbox } = await import('../../shared/outbox');
    const report = await replayOutbox(
      outbox,
      this.client,
      {
        onSent: (entry) => {
          this.#reload();
          this.events.sent(entry);
        },
        onFailed: (entry, said) => {
          this.#reload();
          this.events.refused(entry, said);
        },
      },
      undefined,
      signal,
    );
    this.#reload();
    return Boolean(report.stoppedBy || report.busy) && !this.#closed;
  }

  async #open(): Promise<Outbox> {
    if (this.#outbox) return this.#outbox;
    this.#opening ??= import('../../shared/outbox').then(({ openAccountOutbox }) => {
      const outbox = openAccountOutbox(this.root, this.account);
      if (this.#closed) {
        outbox.close();
        throw new Error('The outbox was closed (signed out).');
      }
      this.#outbox = outbox;
      return outbox;
    });
    return this.#opening;
  }

  #reload(force = false): void {
    if (this.#closed || !this.#outbox) return;
    const next = this.#outbox.list();
    const previous = this.#entries;
    const same = next.length === previous.length && next.every((e, i) => sameEntry(e, previous[i]));
    this.#entries = next;
    if (!same || force) this.events.changed(next);
  }

  /** Stops sending and closes the file (its entries stay for the next sign-in of this account). */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    const outbox = this.#outbox;
    void this.#sending.stop().catch(() => undefined).finally(() => outbox?.close());
  }
}

function sameEntry(a: OutboxEntry, b: OutboxEntry | undefined): boolean {
  return b !== undefined && a.id === b.id && a.state === b.state && JSON.stringify(a.operation) === JSON.stringify(b.operation) && a.lastError?.message === b.lastError?.message;
}
