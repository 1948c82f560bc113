/**
 * The mention watcher: a stream of typed events fed by long-polling GET /me/mentions.
 *
 * - `since` is the newest handled created_at, sent exactly as the server wrote it.
 * - After a start, a reconnect or an error it first makes one catch-up call without wait_ms from a
 *   little earlier; the overlap is deduped by message id (a window of recently handled ids).
 * - Rows are handled oldest-first and deduped; the cursor is saved only after a row's handler
 *   finished (for `for await`: when the loop asks for the next event). It loops while `hasMore`.
 * - Errors back off with full jitter, reset on success; 401 yields `unauthorized` and stops.
 * - cue() (wire it to the Doorbell's onCue) drops a long-poll that has been waiting and polls again
 *   at once. Polling stays the source of truth. Idle: exactly one open long-poll.
 */
import { isAbortError } from '../abort';
import { Backoff, type BackoffLimits } from '../backoff';
import { systemClock, systemRandom, type Clock, type Random } from '../clock';
import { cursorStalled, PAGED_ENDPOINTS } from '../paging';
import type { CursorStore } from '../config/cursor-store';
import { LIMITS, type MentionRow, type MentionsQuery, type MentionsResponse } from '../contract';
import { isApiError } from '../errors';
import type { CallOptions } from '../http/types';
import { silentLogger, type Logger } from '../logger';
import { compareTimestamps, timestampBefore } from '../timestamps';
import { RecentIds } from './recent-ids';

/** The one Client method the watcher needs. */
export interface MentionSource {
  mentions(q: MentionsQuery, opts?: CallOptions): Promise<MentionsResponse>;
}

export type WatcherState = 'connecting' | 'live' | 'reconnecting' | 'stopped';

export type WatcherEvent =
  | { type: 'mention'; row: MentionRow }
  | { type: 'status'; state: WatcherState; detail?: string }
  | { type: 'error'; error: unknown; retryInMs: number; attempt: number }
  | { type: 'unauthorized'; error: unknown }
  /** More rows followed `since` than the service sends at once and it sent the newest: older ones were not received. */
  | { type: 'gap'; since: string; received: number };

export interface MentionWatcherOptions {
  client: MentionSource;
  cursorStore: CursorStore<string>;
  clock?: Clock;
  random?: Random;
  logger?: Logger;
  /** Long-poll hold sent as wait_ms (default and maximum 25000). */
  waitMs?: number;
  /** How much earlier than the cursor a catch-up call starts (default 10 s). */
  catchUpOverlapMs?: number;
  /** Page size sent as `limit` (the service's default when omitted). */
  limit?: number;
  channelId?: string;
  /** Where to start when the store holds no cursor (default: the service's newest window). */
  startAt?: string;
  /** Backoff after errors (full jitter; defaults 1000 / 60000 ms). */
  backoff?: Partial<BackoffLimits>;
  /** How many handled ids to remember for dedupe (default 1000). */
  dedupeWindow?: number;
  /** A cue drops a long-poll only once it has been open this long (default 1000 ms): a younger one already covers the cue. */
  cueMinAgeMs?: number;
  /** Least time between two long-polls that brought nothing (guards against a server that ignores wait_ms). */
  minEmptyPollIntervalMs?: number;
}

export interface MentionHandlers {
  /** Awaited before the cursor moves past `row`. A throw is reported through onError and the row counts as handled. */
  onMention(row: MentionRow): void | Promise<void>;
  onStatus?(state: WatcherState, detail?: string): void;
  onError?(error: unknown, retryInMs: number): void;
  /** 401: the watcher has stopped; ask the person for a new token. */
  onUnauthorized?(error: unknown): void;
}

const CUE_ABORT = 'mention-watcher-cue';

export class MentionWatcher {
  private readonly client: MentionSource;
  private readonly store: CursorStore<string>;
  private readonly clock: Clock;
  private readonly backoff: Backoff;
  private readonly logger: Logger;
  private readonly waitMs: number;
  private readonly overlapMs: number;
  private readonly cueMinAgeMs: number;
  private readonly minEmptyPollIntervalMs: number;
  private readonly recent: RecentIds;
  private readonly stopController = new AbortController();
  /** The in-flight long-poll, which a cue may drop. */
  private longPoll: { controller: AbortController; startedAt: number } | null = null;
  private retryWake: AbortController | null = null;
  private started = false;

  constructor(private readonly options: MentionWatcherOptions) {
    this.client = options.client;
    this.store = options.cursorStore;
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger ?? silentLogger;
    this.waitMs = Math.min(Math.max(0, options.waitMs ?? LIMITS.waitMsMax), LIMITS.waitMsMax);
    this.overlapMs = options.catchUpOverlapMs ?? 10_000;
    this.backoff = new Backoff({ baseMs: options.backoff?.baseMs ?? 1_000, maxMs: options.backoff?.maxMs ?? 60_000 }, options.random ?? systemRandom);
    this.cueMinAgeMs = options.cueMinAgeMs ?? 1_000;
    this.minEmptyPollIntervalMs = options.minEmptyPollIntervalMs ?? 1_000;
    this.recent = new RecentIds(options.dedupeWindow ?? 1_000);
  }

  /** A doorbell cue: poll now. A long-poll open for a while is dropped and re-issued; otherwise nothing is needed. */
  cue(reason?: string): void {
    // The doorbell (re)subscribed: the service answers again, so a wait between failed polls ends.
    if (reason === 'subscribed') this.retryNow();
    const poll = this.longPoll;
    if (poll === null) return;
    const force = reason === 'subscribed';
    if (!force && this.clock.now() - poll.startedAt < this.cueMinAgeMs) return;
    this.logger.debug('mention watcher: cue drops the open long-poll', { reason });
    poll.controller.abort(CUE_ABORT);
  }

  /**
   * Ends a wait between failed polls now (a person pressing "retry", or a sign that the service is
   * back): the next poll goes out at once instead of after the backoff, which can reach a minute.
   */
  retryNow(): void {
    this.retryWake?.abort();
  }

  stop(): void {
    this.stopController.abort();
  }

  get stopped(): boolean {
    return this.stopController.signal.aborted;
  }

  /** Runs with callbacks until stop() or a 401. */
  async run(handlers: MentionHandlers): Promise<void> {
    for await (const event of this.events()) {
      switch (event.type) {
        case 'mention':
          try {
            await handlers.onMention(event.row);
          } catch (error) {
            this.logger.error('mention watcher: the mention handler failed; the mention counts as handled', { id: event.row.id });
            handlers.onError?.(error, 0);
          }
          break;
        case 'status':
          handlers.onStatus?.(event.state, event.detail);
          break;
        case 'error':
          handlers.onError?.(event.error, event.retryInMs);
          break;
        case 'unauthorized':
          handlers.onUnauthorized?.(event.error);
          break;
      }
    }
  }

  /** The event stream. One consumer per watcher. Ends after stop() or a 401 with a 'stopped' status. */
  async *events(): AsyncGenerator<WatcherEvent, void, undefined> {
    if (this.started) throw new Error('A MentionWatcher streams its events once; create a new watcher to watch again.');
    this.started = true;
    yield { type: 'status', state: 'connecting' };

    let cursor = await this.loadCursor();
    /** Rows at or before the cursor we started from were handled by an earlier run. */
    const coldFloor = cursor;
    let needCatchUp = true;
    let drain = false;
    let stallReported = false;
    this.backoff.reset();

    while (!this.stopped) {
      const catchUp = needCatchUp;
      const longPolling = !catchUp && !drain;
      const since = catchUp && cursor !== undefined ? timestampBefore(cursor, this.overlapMs) : cursor;
      const query: MentionsQuery = { since, limit: this.options.limit, channel_id: this.options.channelId };
      if (longPolling) query.wait_ms = this.waitMs;

      let response: MentionsResponse;
      const controller = new AbortController();
      const onStop = () => controller.abort();
      this.stopController.signal.addEventListener('abort', onStop, { once: true });
      if (longPolling) this.longPoll = { controller, startedAt: this.clock.now() };
      const startedAt = this.clock.now();
      try {
        response = await this.client.mentions(query, { signal: controller.signal });
      } catch (error) {
        if (this.stopped) break;
        if (controller.signal.reason === CUE_ABORT && isAbortError(error)) continue;
        if (isApiError(error) && error.code === 'unauthorized') {
          yield { type: 'unauthorized', error };
          break;
        }
        const retryInMs = this.backoff.next(error);
        const attempt = this.backoff.attempt;
        this.logger.warn('mention watcher: poll failed; retrying', { attempt, retryInMs, code: isApiError(error) ? error.code : undefined });
        yield { type: 'error', error, retryInMs, attempt };
        yield { type: 'status', state: 'reconnecting', detail: `retrying in ${Math.round(retryInMs / 100) / 10} s` };
        if (!(await this.pause(retryInMs))) break;
        needCatchUp = true;
        drain = false;
        continue;
      } finally {
        this.stopController.signal.removeEventListener('abort', onStop);
        if (this.longPoll?.controller === controller) this.longPoll = null;
      }
      this.backoff.reset();

      if (response.truncated && since !== undefined) {
        this.logger.warn('mention watcher: more mentions than the service sends at once; the oldest were not received', { since });
        yield { type: 'gap', since, received: response.mentions.length };
      }
      const rows = oldestFirst(response.mentions);
      const cursorBefore = cursor;
      let handled = 0;
      for (const row of rows) {
        if (this.recent.has(row.id)) continue;
        if (coldFloor !== undefined && compareTimestamps(row.created_at, coldFloor) <= 0) continue;
        yield { type: 'mention', row };
        // Resumed: the consumer finished handling the row.
        this.recent.add(row.id);
        handled += 1;
        if (cursor === undefined || compareTimestamps(row.created_at, cursor) > 0) {
          cursor = row.created_at;
          await this.saveCursor(cursor);
        }
        if (this.stopped) break;
      }
      if (this.stopped) break;

      if (catchUp) {
        needCatchUp = false;
        yield { type: 'status', state: 'live' };
      }
      const advanced = cursor !== cursorBefore || since !== cursor;
      // Without `since`, hasMore speaks of OLDER rows, which a since-cursor cannot page to.
      drain = response.hasMore === true && since !== undefined && (handled > 0 || advanced);
      if (response.hasMore === true && since !== undefined && !drain) {
        this.logger.warn('mention watcher: the service says more rows follow but sent none new; long-polling instead', { since });
        // Said once: a consumer that ends on answers that cannot get better (wsc mentions --follow) stops here.
        if (!stallReported) {
          stallReported = true;
          yield { type: 'error', error: cursorStalled(PAGED_ENDPOINTS.mentions, since), retryInMs: 0, attempt: 0 };
        }
      }
      if (longPolling && handled === 0) {
        // A long-poll that brought nothing new came back early (a server that ignores wait_ms, or
        // one that replays old rows): wait out the rest of the interval rather than poll in a storm.
        const elapsed = this.clock.now() - startedAt;
        if (elapsed < this.minEmptyPollIntervalMs && !(await this.pause(this.minEmptyPollIntervalMs - elapsed))) break;
      }
    }
    this.longPoll = null;
    yield { type: 'status', state: 'stopped' };
  }

  /** Sleeps unless stopped (false) or woken by retryNow() (true, at once). */
  private async pause(ms: number): Promise<boolean> {
    const wake = new AbortController();
    const onStop = () => wake.abort();
    this.stopController.signal.addEventListener('abort', onStop, { once: true });
    this.retryWake = wake;
    try {
      await this.clock.sleep(ms, wake.signal);
    } catch {
      // Stopped, or retryNow(): which one is told by `stopped`.
    } finally {
      this.stopController.signal.removeEventListener('abort', onStop);
      if (this.retryWake === wake) this.retryWake = null;
    }
    return !this.stopped;
  }

  private async loadCursor(): Promise<string | undefined> {
    try {
      return (await this.store.load()) ?? this.options.startAt;
    } catch (error) {
      this.logger.warn('mention watcher: could not load the saved cursor; starting from the newest mentions', {
        error: error instanceof Error ? error.message : String(error),
      });
      return this.options.startAt;
    }
  }

  private async saveCursor(cursor: string): Promise<void> {
    try {
      await this.store.save(cursor);
    } catch (error) {
      // The watcher keeps the cursor in memory; the next save will try again.
      this.logger.warn('mention watcher: could not save the cursor', { error: error instanceof Error ? error.message : String(error) });
    }
  }
}

/** Mention rows oldest first by created_at value; rows of equal created_at keep the reverse of the order they came in (responses are newest first). */
export function oldestFirst(rows: readonly MentionRow[]): MentionRow[] {
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => compareTimestamps(a.row.created_at, b.row.created_at) || b.index - a.index)
    .map((x) => x.row);
}
