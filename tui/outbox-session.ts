// The terminal UI's outbox for one session: writes go into the account's outbox first (durable,
// shown at once as pending), then are sent in order in the background; while the service cannot be
// reached they are tried again every few seconds. Views subscribe to the waiting entries.
import { ReplayLoop, terminalOfflineRoot, type Client, type Identity, type Outbox, type OutboxEntry, type OutboxError, type OutboxOperation, type OutboxSender } from '../shared/index';
import { openAccountOutbox, replayOutbox } from '../shared/outbox';

/** How often waiting entries are tried again while the service cannot be reached. */
const RETRY_EVERY_MS = 5_000;

export interface OutboxEvents {
  /** An entry was sent (a view refreshes to show the real message). */
  sent(entry: OutboxEntry): void;
  /** The service refused an entry; it stays, failed, with the service's message. */
  refused(entry: OutboxEntry, said: OutboxError): void;
}

export class OutboxSession {
  readonly #outbox: Outbox;
  readonly #client: OutboxSender;
  #entries: OutboxEntry[];
  readonly #listeners = new Set<() => void>();
  readonly #events = new Set<Partial<OutboxEvents>>();
  readonly #sending = new ReplayLoop({ round: (signal) => this.#replay(signal), retryEveryMs: RETRY_EVERY_MS });
  #closed = false;

  constructor(outbox: Outbox, client: OutboxSender) {
    this.#outbox = outbox;
    this.#client = client;
    this.#entries = outbox.list();
    if (this.#entries.some((e) => e.state === 'pending')) this.flush();
  }

  static open(client: Client, me: Identity, root: string = terminalOfflineRoot()): OutboxSession {
    return new OutboxSession(openAccountOutbox(root, { serviceUrl: client.baseUrl, workspaceId: me.workspaceId, userId: me.userId }), client);
  }

  /** Pending and failed entries, oldest first (the same array until something changes). */
  entries(): readonly OutboxEntry[] {
    return this.#entries;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  on(events: Partial<OutboxEvents>): () => void {
    this.#events.add(events);
    return () => this.#events.delete(events);
  }

  /**
   * Queues `operation` (durably, before anything is sent) and starts sending; the entry shows at once:
   * sending starts on the next turn of the event loop, after the frame that shows it (claiming the
   * entry is a write to the store that the frame need not wait for).
   */
  send(operation: OutboxOperation): OutboxEntry {
    const entry = this.#outbox.enqueue(operation);
    this.#entries = [...this.#entries, entry];
    this.#changed();
    setImmediate(() => void this.flush());
    return entry;
  }

  retry(id: number): void {
    this.#outbox.retry(id);
    this.#reload();
    this.flush();
  }

  drop(id: number): boolean {
    const dropped = this.#outbox.drop(id);
    this.#reload();
    return dropped;
  }

  /** A refused post or edit with new text, sent again. */
  edit(id: number, body: string): boolean {
    const edited = this.#outbox.editBody(id, body) !== undefined;
    this.#reload();
    if (edited) this.flush();
    return edited;
  }

  /** Sends what is pending, in order; a second call while one runs makes it go round once more. */
  flush(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    return this.#sending.run();
  }

  /** One round of sending; `true` when what waits should be tried again later. */
  async #replay(signal: AbortSignal): Promise<boolean> {
    const report = await replayOutbox(
      this.#outbox,
      this.#client,
      {
        onSent: (entry) => {
          this.#reload();
          for (const e of this.#events) e.sent?.(entry);
        },
        onFailed: (entry, said) => {
          this.#reload();
          for (const e of this.#events) e.refused?.(entry, said);
        },
      },
      undefined,
      signal,
    );
    this.#reload();
    return Boolean(report.stoppedBy || report.busy) && !this.#closed;
  }

  #reload(): void {
    if (this.#closed) return;
    const next = this.#outbox.list();
    const same = next.length === this.#entries.length && next.every((e, i) => e.id === this.#entries[i]?.id && e.state === this.#entries[i]?.state);
    if (same) return;
    this.#entries = next;
    this.#changed();
  }

  #changed(): void {
    for (const l of this.#listeners) l();
  }

  /** Stops sending (an entry in flight stays claimed until its lease ends or this process is gone) and closes the file. */
  close(): void {
    this.#closed = true;
    void this.#sending.stop().catch(() => undefined).finally(() => this.#outbox.close());
  }
}
