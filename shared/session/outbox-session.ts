/**
 * One account's outbox session, the same in every face (the terminal UI, VS Code, the one-shot
 * commands): the one send policy and the entries a face draws.
 *
 * The send policy: a write goes into the account's outbox first (durable, with its idempotency
 * key, before any attempt), behind whatever already waits, and is then sent in order in the
 * background; while the service cannot be reached it is tried again every few seconds. A face
 * never sends a write itself and never decides whether it queues: it calls `send` and draws the
 * entry and, when it cares, the outcome.
 *
 * The store (SQLite) is opened lazily: a face that never writes and has nothing waiting never loads it.
 */
import { followFile, type FollowedFile } from '../offline/follow-file';
import type { Clock } from '../clock';
import { systemClock } from '../clock';
import type { OfflineAccount } from '../offline/store-folder';
import type { Outbox, OutboxEntry, OutboxOperation } from '../offline/outbox-store';
import type { OutboxError } from '../offline/outbox-errors';
import type { OutboxResult, OutboxSender, ReplayHandlers } from '../offline/outbox-replay';
import { ReplayLoop } from '../offline/replay-loop';
import { outboxPath } from '../offline/outbox-path';

/** How often waiting entries are tried again while the service cannot be reached. */
export const RETRY_EVERY_MS = 5_000;
/** How long a requested drop waits for the process sending the entry to stop it. */
const DROP_WAIT_MS = 10_000;
const POLL_MS = 50;

export type SendOutcome =
  | { readonly kind: 'sent'; readonly entry: OutboxEntry; readonly result: OutboxResult }
  /** Waits in the outbox (the service could not be reached, or another process sends it). */
  | { readonly kind: 'queued'; readonly entry: OutboxEntry; readonly reason: OutboxError }
  /** Refused by the service: kept as failed (unless `dropRefused`), with what the service said. */
  | { readonly kind: 'refused'; readonly entry: OutboxEntry; readonly reason: OutboxError; readonly error: unknown }
  /** Dropped by the person before it was sent. */
  | { readonly kind: 'dropped'; readonly entry: OutboxEntry };

export type DropOutcome = 'dropped' | 'sent' | 'absent';

export interface Sending {
  /** The entry as queued: a face shows it at once as pending. */
  readonly entry: OutboxEntry;
  /** How the attempt that starts now ends (never rejects). */
  readonly settled: Promise<SendOutcome>;
}

export interface OutboxSessionEvents {
  /** The waiting entries changed (queued, sent, refused, retried, dropped, edited). */
  changed(entries: readonly OutboxEntry[]): void;
  /** An entry was sent: a view fetches the real message. */
  sent(entry: OutboxEntry, result: OutboxResult): void;
  /** The service refused an entry; it stays, failed, with the service's message. */
  refused(entry: OutboxEntry, said: OutboxError): void;
  /** The file could not be read and was moved aside (never emptied): the face says so, with where. */
  setAside(message: string): void;
}

/** What a face says when the outbox file was unreadable and moved aside. */
export function setAsideMessage(setAside: { readonly movedTo: string; readonly reason: string }): string {
  return `The outbox file could not be read (${setAside.reason}); it was moved to ${setAside.movedTo} and a new one started. What waited in it is still in the moved file: keep it until you have looked.`;
}

export interface OutboxSessionOptions {
  readonly root: string;
  readonly account: OfflineAccount;
  readonly client: OutboxSender;
  /** Opens the account's outbox file (the face decides how SQLite is loaded). */
  readonly openOutbox: (root: string, account: OfflineAccount) => Promise<Outbox>;
  /** Whether the file exists (nothing is created just to look). */
  readonly hasOutbox: (root: string, account: OfflineAccount) => boolean;
  readonly retryEveryMs?: number;
  readonly clock?: Clock;
}

export interface SendOptions {
  /** The key of a first attempt made elsewhere, so the service deduplicates it. */
  readonly idempotencyKey?: string;
  /** A refusal removes the entry (the CLI, whose text is still on the command line). */
  readonly dropRefused?: boolean;
  /** While another process sends what waits before it, how long `settled` waits for it (default 0). */
  readonly waitForOthersMs?: number;
}

type Settle = (outcome: SendOutcome) => void;

export class OutboxSession {
  readonly account: OfflineAccount;
  readonly #options: OutboxSessionOptions;
  readonly #clock: Clock;
  #outbox: Outbox | undefined;
  #opening: Promise<Outbox> | undefined;
  #entries: readonly OutboxEntry[] = [];
  readonly #listeners = new Set<Partial<OutboxSessionEvents>>();
  readonly #waiting = new Map<number, { entry: OutboxEntry; settle: Settle; dropRefused: boolean; waitUntil: number }>();
  readonly #sending: ReplayLoop;
  #closed = false;
  #followed: FollowedFile | undefined;

  constructor(options: OutboxSessionOptions) {
    this.account = options.account;
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#sending = new ReplayLoop({ round: (signal) => this.#round(signal), retryEveryMs: options.retryEveryMs ?? RETRY_EVERY_MS });
  }

  /**
   * Opens the file when one exists (no SQLite loaded otherwise) and sends what waits; when none
   * exists yet, opens it once another home (the terminal, another window) makes it.
   */
  async resume(): Promise<void> {
    if (!this.#options.hasOutbox(this.#options.root, this.account)) {
      this.#watch(outboxPath(this.#options.root, this.account), () => void this.resume().catch(() => undefined));
      return;
    }
    await this.open();
  }

  /** Opens the file (creating it) and sends what waits. */
  async open(): Promise<void> {
    await this.#open();
    this.#reload(true);
    if (this.hasPending()) void this.flush();
  }

  /** Pending and failed entries, oldest first (the same array until something changes). */
  entries(): readonly OutboxEntry[] {
    return this.#entries;
  }

  /** One waiting entry, read from the file (nothing is sent). */
  async entry(id: number): Promise<OutboxEntry | undefined> {
    return (await this.#open()).get(id);
  }

  /** Whether something waits to be sent. */
  hasPending(): boolean {
    return this.#entries.some((e) => e.state === 'pending');
  }

  /** For a view's external store: called whenever the entries change. */
  subscribe(listener: () => void): () => void {
    return this.on({ changed: () => listener() });
  }

  on(events: Partial<OutboxSessionEvents>): () => void {
    this.#listeners.add(events);
    return () => this.#listeners.delete(events);
  }

  /** The one send policy: queued durably first, then sent behind what waits. */
  async send(operation: OutboxOperation, options: SendOptions = {}): Promise<Sending> {
    const outbox = await this.#open();
    const entry = outbox.enqueue(operation, options.idempotencyKey);
    const settled = new Promise<SendOutcome>((settle) => {
      this.#waiting.set(entry.id, { entry, settle, dropRefused: options.dropRefused === true, waitUntil: this.#clock.now() + (options.waitForOthersMs ?? 0) });
    });
    this.#reload(true);
    // Sending starts on the next turn, after the frame that shows the entry as pending.
    setImmediate(() => void this.flush());
    return { entry, settled };
  }

  /** A refused entry back to pending, sent now; a pending one is tried now. */
  async retry(id: number): Promise<boolean> {
    const outbox = await this.#open();
    const retried = outbox.retry(id) || outbox.get(id)?.state === 'pending';
    this.#reload();
    void this.flush();
    return retried;
  }

  /**
   * Drops an entry, also one being sent: this process's send is stopped first; another process's is
   * asked to stop (it removes the entry) and this waits for it. `sent` when it got there first.
   */
  async drop(id: number): Promise<DropOutcome> {
    const outbox = await this.#open();
    const entry = outbox.get(id);
    let request = outbox.requestDrop(id);
    if (request === 'requested' && this.#sending.running) request = await this.#sending.whileStopped(() => outbox.requestDrop(id));
    let outcome: DropOutcome = request === 'absent' ? (outbox.sentResult(id) !== undefined ? 'sent' : 'absent') : 'dropped';
    if (request === 'requested') outcome = await this.#waitForDrop(outbox, id);
    if (outcome === 'dropped' && entry) this.#settle(entry.id, { kind: 'dropped', entry });
    this.#reload();
    return outcome;
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

  /** Stops sending and closes the file (its entries stay for the next session of this account). */
  close(): Promise<void> {
    return this.#end(true);
  }

  /** Stops sending but leaves the file open (its opener closes it). */
  detach(): Promise<void> {
    return this.#end(false);
  }

  #end(closeStore: boolean): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#closed = true;
    this.#followed?.close();
    const outbox = this.#outbox;
    return this.#sending
      .stop()
      .catch(() => undefined)
      .finally(() => {
        for (const [id] of this.#waiting) {
          const entry = outbox?.get(id);
          if (entry) this.#settle(id, { kind: 'queued', entry, reason: entry.lastError ?? closedReason() });
        }
        if (closeStore) outbox?.close();
      });
  }

  /** One round of sending; `true` when what waits should be tried again later. */
  async #round(signal: AbortSignal): Promise<boolean> {
    const outbox = this.#outbox;
    if (!outbox) return false;
    const { replayOutbox } = await import('../offline/outbox-replay');
    const handlers: ReplayHandlers = {
      onSent: (entry, result) => {
        this.#reload();
        this.#settle(entry.id, { kind: 'sent', entry, result });
        for (const l of this.#listeners) l.sent?.(entry, result);
      },
      onFailed: (entry, said, error) => {
        const waiter = this.#waiting.get(entry.id);
        if (waiter?.dropRefused) outbox.drop(entry.id);
        this.#reload();
        this.#settle(entry.id, { kind: 'refused', entry, reason: said, error });
        for (const l of this.#listeners) l.refused?.(entry, said);
      },
      onDropped: (entry) => {
        this.#reload();
        this.#settle(entry.id, { kind: 'dropped', entry });
      },
    };
    const report = await replayOutbox(outbox, this.#options.client, handlers, undefined, signal);
    this.#reload();
    // A round stopped from outside (a drop, the end of the session) leaves the outcome to whoever stopped it.
    if (!signal.aborted) await this.#settleUnsent(outbox, report.busy, report.stoppedBy);
    return Boolean(report.stoppedBy || report.busy) && !this.#closed;
  }

  /** After a round: what a face waits on and was not sent now is queued (or, while another process sends, waited for). */
  async #settleUnsent(outbox: Outbox, busy: boolean, stoppedBy: OutboxError | undefined): Promise<void> {
    for (const [id, waiter] of [...this.#waiting]) {
      const entry = outbox.get(id);
      if (entry === undefined) {
        const result = outbox.sentResult(id);
        // Sent by another process (its answer is kept with the entry), or dropped meanwhile.
        if (result !== undefined) this.#settle(id, { kind: 'sent', entry: waiter.entry, result: result as OutboxResult });
        else this.#settle(id, { kind: 'dropped', entry: waiter.entry });
        continue;
      }
      if (entry.state === 'failed') continue;
      if (busy && this.#clock.now() < waiter.waitUntil) {
        await this.#clock.sleep(POLL_MS);
        void this.flush();
        continue;
      }
      this.#settle(id, { kind: 'queued', entry, reason: busy ? busyReason() : (entry.lastError ?? stoppedBy ?? unsentReason()) });
    }
  }

  async #waitForDrop(outbox: Outbox, id: number): Promise<DropOutcome> {
    const until = this.#clock.now() + DROP_WAIT_MS;
    while (this.#clock.now() < until) {
      if (outbox.get(id) === undefined) return outbox.sentResult(id) !== undefined ? 'sent' : 'dropped';
      await this.#clock.sleep(POLL_MS);
    }
    // The sender did not answer in time (it may be stuck): the request stays and it drops it when it looks.
    return 'dropped';
  }

  #settle(id: number, outcome: SendOutcome): void {
    const waiter = this.#waiting.get(id);
    if (!waiter) return;
    this.#waiting.delete(id);
    waiter.settle(outcome);
  }

  async #open(): Promise<Outbox> {
    if (this.#outbox) return this.#outbox;
    this.#opening ??= this.#options.openOutbox(this.#options.root, this.account).then((outbox) => {
      if (this.#closed) {
        outbox.close();
        throw new Error('The outbox was closed (the session ended).');
      }
      this.#outbox = outbox;
      this.#watch(outbox.path, () => this.#followFile());
      if (outbox.setAside) {
        const message = setAsideMessage(outbox.setAside);
        for (const l of this.#listeners) l.setAside?.(message);
      }
      return outbox;
    });
    try {
      return await this.#opening;
    } catch (error) {
      this.#opening = undefined;
      throw error;
    }
  }

  /**
   * Another home (the terminal, another window) writes the same account's outbox: a change to the
   * file reloads the entries (a write queued there shows here, one dropped there goes), and a
   * pending one is sent. Reads never change the file, so this does not feed itself.
   */
  #watch(path: string, changed: () => void): void {
    if (this.#closed) return;
    this.#followed?.close();
    this.#followed = followFile(path, changed);
  }

  #followFile(): void {
    const known = new Set(this.#entries.map((e) => e.id));
    this.#reload();
    // Only a write new to this session is sent now; what waits already keeps its own retry pace.
    if (this.#entries.some((e) => e.state === 'pending' && !known.has(e.id))) void this.flush();
  }

  #reload(force = false): void {
    if (this.#closed || !this.#outbox) return;
    const next = this.#outbox.list();
    const previous = this.#entries;
    const same = next.length === previous.length && next.every((e, i) => sameEntry(e, previous[i]));
    if (same && !force) return;
    this.#entries = next;
    for (const l of this.#listeners) l.changed?.(next);
  }
}

function sameEntry(a: OutboxEntry, b: OutboxEntry | undefined): boolean {
  return b !== undefined && a.id === b.id && a.state === b.state && JSON.stringify(a.operation) === JSON.stringify(b.operation) && a.lastError?.message === b.lastError?.message;
}

function busyReason(): OutboxError {
  return { code: 'outbox_busy', message: 'Another wsc process is sending the outbox.', hint: 'It sends this too, in order; wsc outbox list shows what still waits.', status: 0 };
}

function unsentReason(): OutboxError {
  return { code: 'outbox_waiting', message: 'Not sent yet.', hint: 'wsc outbox retry sends it.', status: 0 };
}

function closedReason(): OutboxError {
  return { code: 'outbox_waiting', message: 'Not sent before the session ended.', hint: 'It is sent the next time wsc or VS Code runs for this account; wsc outbox retry sends it now.', status: 0 };
}
