/**
 * The attention inbox of one account, as every face uses it: the sources (mentions and DMs, my
 * tasks changed by someone else, watched runs, refused writes in the outbox) read into one store
 * (shared/inbox/inbox-store.ts) whose read/done state every face on the machine shares. A face
 * draws `items()`, says what the person did (`mark`, `markAllDone`, `watchRun`), and tells the
 * session when to look (`refresh` on the doorbell's wake; an interval runs by itself once
 * started). `onArrive` fires once per item that became unread while this session runs — in this
 * process or another — for the face's notification.
 */
import { followFile, type FollowedFile } from '../offline/follow-file';
import type { Client } from '../client';
import type { Channel, Identity, MentionRow, TaskRow } from '../contract';
import { PATHS } from '../contract/paths';
import { LIMITS } from '../contract/limits';
import { isApiError } from '../errors';
import { compareTimestamps } from '../timestamps';
import { cacheOf } from '../offline/caching-client';
import { isWorthQueueing } from '../offline/outbox-errors';
import { offlineAccountFolder, type OfflineAccount } from '../offline/store-folder';
import type { OutboxEntry } from '../offline/outbox-store';
import { listCeiling, learntCeilingOf, noteAnswerSize } from '../lists/list-ceiling';
import { settleAnswer } from '../lists/whole-list';
import { loadWholeTasks } from '../lists/task-lists';
import { readTask } from '../tasks/read-task';
import { compareInboxItems, matchesInboxFilter, type InboxArrival, type InboxFilter, type InboxItem, type InboxState } from '../inbox/inbox-item';
import type { InboxStore, WatchedRun } from '../inbox/inbox-store';
import { mentionArrival } from '../inbox/mention-items';
import { compareTaskLooks, taskArrival, taskSnapshot, type OwnTaskWrite, type TaskSnapshot } from '../inbox/task-changes';
import { runGoneArrival, runOutcome } from '../inbox/run-items';
import { outboxArrival } from '../inbox/outbox-items';

export const INBOX_FILE = 'inbox.sqlite';
/** The sources are read again this often while a face runs (the doorbell's wake reads them sooner). */
export const INBOX_REFRESH_MS = 60_000;
/** A first look at mentions takes this many of the newest. */
const MENTION_SEED = 50;
/** An own write older than this no longer hides a change to the same value. */
const OWN_WRITE_MS = 24 * 60 * 60 * 1000;
/** A mention older than this at the first look arrives already read. */
const FIRST_LOOK_UNREAD_MS = 24 * 60 * 60 * 1000;

/** Another process's write may carry a time a little before ours (its clock read before its commit). */
const RELOAD_OVERLAP_MS = 5_000;

const KEYS = { mentionsSince: 'mentions.since', tasks: 'tasks.snapshot', refreshedAt: 'refreshed.at' } as const;

export type InboxClient = Pick<Client, 'mentions' | 'tasks' | 'channels' | 'runEvents' | 'readAction' | 'openapiDocument'>;

/** The outbox as the inbox reads it (the account's OutboxSession). */
export interface InboxOutbox {
  entries(): readonly OutboxEntry[];
  subscribe(listener: () => void): () => void;
}

export interface InboxSessionOptions {
  readonly root: string;
  readonly account: OfflineAccount;
  readonly me: Pick<Identity, 'userId' | 'name' | 'handle'>;
  readonly client: InboxClient;
  /** Opens the account's inbox file (the face decides how SQLite is loaded). */
  readonly openStore: (path: string) => Promise<InboxStore>;
  readonly outbox?: InboxOutbox;
  /** The face runs a live mention feed and hands its rows to `ingestMentions`: no mention polling here. */
  readonly mentionsFromFeed?: boolean;
  readonly refreshEveryMs?: number;
  readonly now?: () => number;
}

export interface InboxRefreshReport {
  readonly arrived: number;
  /** Sources that could not be read this time (the service away): what was seen stays. */
  readonly unreachable: boolean;
  readonly errors: readonly string[];
}

type Listener = () => void;
type ArriveListener = (items: readonly InboxItem[]) => void;

export function inboxPath(root: string, account: OfflineAccount): string {
  return `${offlineAccountFolder(root, account)}/${INBOX_FILE}`;
}

export class InboxSession {
  readonly #o: InboxSessionOptions;
  readonly #now: () => number;
  #store: InboxStore | undefined;
  #opening: Promise<InboxStore> | undefined;
  #items: readonly InboxItem[] = [];
  #byId = new Map<string, InboxItem>();
  /** When the items were last read (ms, less an overlap), for reading only what changed since. */
  #loadedAt: number | undefined;
  #revision = -1;
  /** Every id this session has shown as unread, so an item is announced once. */
  readonly #announced = new Set<string>();
  readonly #listeners = new Set<Listener>();
  readonly #arriveListeners = new Set<ArriveListener>();
  #followed: FollowedFile | undefined;
  #interval: NodeJS.Timeout | undefined;
  #refreshing: Promise<InboxRefreshReport> | undefined;
  #again = false;
  #closed = false;
  #unsubscribeOutbox: (() => void) | undefined;
  #channels: Map<string, Pick<Channel, 'kind' | 'name'>> | undefined;
  #lastLook: { readonly at: number; readonly unreachable: boolean } | undefined;
  readonly #stop = new AbortController();
  /** Requests made by refreshes (for the bench and `wsc inbox --stats`). */
  requests = 0;

  constructor(options: InboxSessionOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  get path(): string {
    return inboxPath(this.#o.root, this.#o.account);
  }

  /** Opens the store (creating it), loads the items and follows the file. Nothing is announced for what was there. */
  async open(): Promise<void> {
    const store = await this.#open();
    this.#reload(store, false);
    for (const item of this.#items) if (item.state === 'unread') this.#announced.add(item.id);
    if (this.#o.outbox && !this.#unsubscribeOutbox) this.#unsubscribeOutbox = this.#o.outbox.subscribe(() => this.#readOutbox());
    this.#readOutbox();
  }

  /** Refreshes now and every `refreshEveryMs` until closed. */
  start(): void {
    if (this.#interval || this.#closed) return;
    void this.refresh().catch(() => undefined);
    const every = this.#o.refreshEveryMs ?? INBOX_REFRESH_MS;
    // Another home on this machine that looked a moment ago has read the same sources for this one.
    this.#interval = setInterval(() => {
      const last = this.#store?.getValue<number>(KEYS.refreshedAt);
      if (last !== undefined && this.#now() - last < every * 0.9) return;
      void this.refresh().catch(() => undefined);
    }, every);
    this.#interval.unref?.();
  }

  /** The items (not done ones unless `filter.done`), unread first then newest first. */
  items(filter: InboxFilter = {}): InboxItem[] {
    return this.#items.filter((i) => matchesInboxFilter(i, filter));
  }

  unreadCount(filter: InboxFilter = {}): number {
    return this.#items.filter((i) => i.state === 'unread' && matchesInboxFilter(i, filter)).length;
  }

  /** When this session last read the sources, and whether the service could be reached then. */
  lastLook(): { readonly at: number; readonly unreachable: boolean } | undefined {
    return this.#lastLook;
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  onArrive(listener: ArriveListener): () => void {
    this.#arriveListeners.add(listener);
    return () => this.#arriveListeners.delete(listener);
  }

  async mark(ids: readonly string[], state: InboxState): Promise<number> {
    const store = await this.#open();
    const n = store.mark(ids, state);
    this.#reload(store);
    return n;
  }

  async markAllDone(filter: InboxFilter = {}): Promise<number> {
    const store = await this.#open();
    const n = store.markAllDone(filter);
    this.#reload(store);
    return n;
  }

  /** Follows a run: its settling, failing or stopping arrives. */
  async watchRun(runId: string, title: string, taskRef?: string): Promise<boolean> {
    const store = await this.#open();
    const added = store.watchRun(runId, title, taskRef);
    if (added) void this.refresh().catch(() => undefined);
    return added;
  }

  async watchedRuns(): Promise<WatchedRun[]> {
    return (await this.#open()).watchedRuns();
  }

  /** Rows the face's live mention feed brought (newest first or not): into the inbox, announced once. */
  async ingestMentions(rows: readonly MentionRow[]): Promise<void> {
    if (rows.length === 0) return;
    const store = await this.#open();
    const channels = await this.#channelNames();
    this.#takeMentions(store, rows, channels, false);
    this.#reload(store);
  }

  /** Reads every source once (one at a time; a call while one runs runs once more after it). */
  refresh(): Promise<InboxRefreshReport> {
    if (this.#refreshing) {
      this.#again = true;
      return this.#refreshing;
    }
    this.#refreshing = (async () => {
      let report: InboxRefreshReport;
      do {
        this.#again = false;
        report = await this.#refreshOnce();
      } while (this.#again && !this.#closed);
      return report;
    })().finally(() => (this.#refreshing = undefined));
    return this.#refreshing;
  }

  async close(): Promise<void> {
    this.#closed = true;
    // A read waiting on a service that does not answer ends now: closing (a UI quitting) never waits on it.
    this.#stop.abort();
    clearInterval(this.#interval);
    this.#followed?.close();
    this.#unsubscribeOutbox?.();
    await this.#refreshing?.catch(() => undefined);
    this.#store?.close();
    this.#store = undefined;
  }

  #call(): { signal: AbortSignal } {
    return { signal: this.#stop.signal };
  }

  /** `work`, or a rejection as soon as the session closes (for a call that takes no signal). */
  #whileOpen<T>(work: Promise<T>): Promise<T> {
    const signal = this.#stop.signal;
    if (signal.aborted) return Promise.reject(new Error('The inbox was closed.'));
    let onAbort = () => undefined as void;
    const closed = new Promise<T>((_, reject) => {
      onAbort = () => reject(new Error('The inbox was closed.'));
      signal.addEventListener('abort', onAbort, { once: true });
    });
    // The listener goes with the call: a session reads every minute for hours.
    return Promise.race([work, closed]).finally(() => signal.removeEventListener('abort', onAbort));
  }

  async #refreshOnce(): Promise<InboxRefreshReport> {
    const store = await this.#open();
    store.setValue(KEYS.refreshedAt, this.#now());
    const errors: string[] = [];
    let unreachable = false;
    let arrived = 0;
    const attempt = async (what: string, work: () => Promise<number>) => {
      if (this.#closed) return;
      try {
        arrived += await work();
      } catch (error) {
        if (isWorthQueueing(error)) unreachable = true;
        else errors.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    await attempt('mentions', () => this.#readMentions(store));
    await attempt('tasks', () => this.#readTasks(store));
    await attempt('runs', () => this.#readRuns(store));
    this.#readOutbox();
    this.#lastLook = { at: this.#now(), unreachable };
    this.#reload(store);
    return { arrived, unreachable, errors };
  }

  async #channelNames(): Promise<Map<string, Pick<Channel, 'kind' | 'name'>>> {
    if (this.#channels) return this.#channels;
    const kept = cacheOf(this.#o.client as Client)?.get<Channel[]>('channels')?.value;
    let list = kept;
    if (!list) {
      try {
        this.requests += 1;
        list = await this.#o.client.channels(this.#call());
      } catch {
        list = [];
      }
    }
    const map = new Map(list.map((c) => [c.id, { kind: c.kind, name: c.name }]));
    if (list.length > 0) this.#channels = map;
    return map;
  }

  async #readMentions(store: InboxStore): Promise<number> {
    const since = store.getValue<string>(KEYS.mentionsSince);
    // A face with a live feed hands over what comes; only the first look (what is there already) is read here.
    if (this.#o.mentionsFromFeed && since !== undefined) return 0;
    this.requests += 1;
    // After the cursor, as many as the service sends at once, so a catch-up leaves no gap.
    const answer = await this.#o.client.mentions(since === undefined ? { limit: MENTION_SEED } : { since, limit: LIMITS.mentionsMax }, this.#call());
    const channels = await this.#channelNames();
    return this.#takeMentions(store, answer.mentions, channels, since === undefined);
  }

  #takeMentions(store: InboxStore, rows: readonly MentionRow[], channels: ReadonlyMap<string, Pick<Channel, 'kind' | 'name'>>, firstLook: boolean): number {
    const reader = { name: this.#o.me.name, handle: this.#o.me.handle };
    const arrivals = rows.map((r) => mentionArrival(r, channels, reader));
    const fresh = store.arrive(arrivals);
    if (firstLook) {
      const old = fresh.filter((i) => this.#now() - Date.parse(i.at) > FIRST_LOOK_UNREAD_MS).map((i) => i.id);
      store.mark(old, 'read');
    }
    // A message that started a run (an agent answering me): its run is watched.
    for (const row of rows) if (row.run_id) store.watchRun(row.run_id, `run of ${row.author?.name ?? 'an agent'}`);
    const newest = rows.map((r) => r.created_at).sort((a, b) => compareTimestamps(b, a))[0];
    const since = store.getValue<string>(KEYS.mentionsSince);
    if (newest !== undefined && (since === undefined || compareTimestamps(newest, since) > 0)) store.setValue(KEYS.mentionsSince, newest);
    return fresh.length;
  }

  async #readTasks(store: InboxStore): Promise<number> {
    const rows = await this.#myTasks();
    const previous = store.getValue<TaskSnapshot>(KEYS.tasks);
    const cache = cacheOf(this.#o.client as Client);
    const ownWrites = (ref: string): OwnTaskWrite | undefined => {
      const kept = cache?.get<OwnTaskWrite>('own-task-write', ref)?.value;
      return kept && this.#now() - kept.at < OWN_WRITE_MS ? kept : undefined;
    };
    const look = compareTaskLooks(previous, rows, { me: this.#o.me.userId, ownWrites });
    const arrivals: InboxArrival[] = [...look.arrivals];
    for (const gone of look.left) {
      try {
        this.requests += 1;
        const task = await readTask(this.#o.client, gone.ref, this.#call());
        const own = ownWrites(gone.ref);
        if (own && 'assignee_user_id' in own.fields) continue;
        arrivals.push(taskArrival({ ...gone, updated_at: task.updated_at, status: task.status }, [task.assignee_user_id ? 'reassigned away from you' : 'unassigned from you']));
      } catch (error) {
        if (isApiError(error) && (error.status === 404 || error.status === 403)) {
          arrivals.push(taskArrival({ ...gone, updated_at: new Date(this.#now()).toISOString() }, ['is gone (deleted, or no longer visible to you)'], { gone: true }));
          store.markGone(`task:${gone.ref}`);
        } else throw error;
      }
    }
    const fresh = store.arrive(arrivals);
    store.setValue(KEYS.tasks, taskSnapshot(rows));
    return fresh.length;
  }

  /** My tasks in one request at the service's ceiling; one per status only when that answer was cut. */
  async #myTasks(): Promise<TaskRow[]> {
    const client = this.#o.client;
    const path = PATHS.tasks();
    const ceiling = learntCeilingOf(client, path) ?? (await this.#whileOpen(listCeiling(client, path))) ?? 500;
    this.requests += 1;
    const rows = await client.tasks({ assignee: 'me', limit: ceiling }, this.#call());
    noteAnswerSize(client, path, JSON.stringify({ assignee: 'me' }), ceiling, rows.length);
    if (!settleAnswer(rows, ceiling, ceiling).truncated) return rows;
    const whole = await loadWholeTasks(client, { assignee: 'me' }, this.#call());
    this.requests += whole.requests;
    return whole.tasks;
  }

  async #readRuns(store: InboxStore): Promise<number> {
    let arrived = 0;
    for (const run of store.watchedRuns()) {
      if (run.settled || run.gone || this.#closed) continue;
      let after = run.after;
      const events = [];
      try {
        for (let page = 0; page < 50; page++) {
          this.requests += 1;
          const answer = await this.#o.client.runEvents(run.runId, after === undefined ? {} : { after }, this.#call());
          events.push(...answer.events);
          if (answer.events.length > 0) after = answer.nextAfter;
          if (!answer.hasMore) break;
        }
      } catch (error) {
        if (isApiError(error) && (error.status === 404 || error.status === 403)) {
          arrived += store.arrive([runGoneArrival(run, new Date(this.#now()).toISOString())]).length;
          store.markGone(`run:${run.runId}:`);
          store.updateRun(run.runId, { gone: true });
          continue;
        }
        throw error;
      }
      const outcome = runOutcome(run, events);
      arrived += store.arrive(outcome.arrivals).length;
      store.updateRun(run.runId, { ...(after !== undefined ? { after } : {}), settled: outcome.settled });
    }
    return arrived;
  }

  #readOutbox(): void {
    const outbox = this.#o.outbox;
    const store = this.#store;
    if (!outbox || !store || this.#closed) return;
    const arrivals = outbox.entries().flatMap((e) => outboxArrival(e) ?? []);
    store.arrive(arrivals);
    store.settleMissing('outbox', new Set(arrivals.map((a) => a.id)));
    this.#reload(store);
  }

  async #open(): Promise<InboxStore> {
    if (this.#store) return this.#store;
    if (this.#closed) throw new Error('The inbox was closed (the session ended).');
    this.#opening ??= this.#o.openStore(this.path).then((store) => {
      if (this.#closed) {
        store.close();
        throw new Error('The inbox was closed (the session ended).');
      }
      this.#store = store;
      this.#watch(store.path);
      return store;
    });
    try {
      return await this.#opening;
    } catch (error) {
      this.#opening = undefined;
      throw error;
    }
  }

  /** Reloads when the file changed (this process or another); announces items newly unread. */
  #reload(store: InboxStore, announce = true): void {
    if (this.#closed) return;
    const revision = store.revision();
    if (revision === this.#revision) return;
    this.#revision = revision;
    // Only what was written since the last look (a mark, an arrival), unless items went (the cap)
    // or this is the first look: a change does not read thousands of items again.
    const since = this.#loadedAt;
    this.#loadedAt = this.#now() - RELOAD_OVERLAP_MS;
    const changed = since === undefined ? undefined : store.changedSince(since);
    if (changed === undefined || store.count() !== this.#items.length + changed.filter((i) => !this.#byId.has(i.id)).length) {
      this.#items = store.list({ done: true }).sort(compareInboxItems);
    } else {
      const byId = new Map(this.#byId);
      for (const item of changed) byId.set(item.id, item);
      this.#items = [...byId.values()].sort(compareInboxItems);
    }
    this.#byId = new Map(this.#items.map((i) => [i.id, i]));
    const arrived = this.#items.filter((i) => i.state === 'unread' && !this.#announced.has(i.id));
    for (const i of arrived) this.#announced.add(i.id);
    // An item read or done anywhere may be announced again if it becomes unread by a newer happening.
    for (const i of this.#items) if (i.state !== 'unread') this.#announced.delete(i.id);
    for (const l of this.#listeners) l();
    if (announce && arrived.length > 0) for (const l of this.#arriveListeners) l(arrived);
  }

  #watch(path: string): void {
    if (this.#closed) return;
    this.#followed = followFile(path, () => this.#store && this.#reload(this.#store), 30);
  }
}
