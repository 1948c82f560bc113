/**
 * Reads a run's event ledger: follows after/nextAfter/hasMore (also across short pages cut by the
 * 128 KiB budget), persists nextAfter through a store once a page was handled, and in follow mode
 * keeps polling (slowing down while nothing arrives) until `run.settled` arrives or the caller aborts.
 */
import { isAbortError } from '../abort';
import { Backoff } from '../backoff';
import { systemClock, systemRandom, type Clock, type Random } from '../clock';
import type { CursorStore } from '../config/cursor-store';
import type { RunEvent, RunEventsPage, RunEventsQuery } from '../contract';
import { isApiError, UnexpectedResponseError } from '../errors';
import { isFinalError } from '../http/retry-policy';
import { EMPTY_PAGE_TRIES, emptyPageRetryMs, eventsAfter, PAGED_ENDPOINTS } from '../paging';
import type { CallOptions } from '../http/types';
import { silentLogger, type Logger } from '../logger';
import { isRunSettledEvent } from './describe-run-event';

/** The one Client method the reader needs. */
export interface RunEventSource {
  runEvents(runId: string, q?: RunEventsQuery, opts?: CallOptions): Promise<RunEventsPage>;
}

export type RunReaderEvent =
  | { type: 'event'; event: RunEvent }
  /** Every page read: the reader is now at `after` (follow mode waits `nextPollInMs` before asking again). */
  | { type: 'caught_up'; after: number; nextPollInMs?: number }
  | { type: 'error'; error: unknown; retryInMs: number; attempt: number }
  | { type: 'end'; reason: 'settled' | 'caught_up' | 'aborted' | 'failed'; after: number; error?: unknown };

export interface RunEventReaderOptions {
  client: RunEventSource;
  runId: string;
  /** Where nextAfter is kept; a saved value wins over `after`. */
  store?: CursorStore<number>;
  /** Sequence to start after when nothing is saved (default 0). */
  after?: number;
  limit?: number;
  /** Keep polling until run.settled (default false: read what exists and end). */
  follow?: boolean;
  signal?: AbortSignal;
  clock?: Clock;
  random?: Random;
  logger?: Logger;
  /** Follow-mode polling: starts at minMs, doubles while nothing arrives, up to maxMs (defaults 1000 / 15000). */
  poll?: { minMs?: number; maxMs?: number };
  /** Error backoff (full jitter); gives up after maxAttempts failures in a row (defaults 1000 / 30000 / 8). */
  backoff?: { baseMs?: number; maxMs?: number; maxAttempts?: number };
}



export async function* readRunEvents(options: RunEventReaderOptions): AsyncGenerator<RunReaderEvent, void, undefined> {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger;
  const minPoll = options.poll?.minMs ?? 1_000;
  const maxPoll = options.poll?.maxMs ?? 15_000;
  const backoff = new Backoff({ baseMs: options.backoff?.baseMs ?? 1_000, maxMs: options.backoff?.maxMs ?? 30_000 }, options.random ?? systemRandom);
  const maxAttempts = options.backoff?.maxAttempts ?? 8;
  const signal = options.signal;

  let after = (await loadAfter(options.store, logger)) ?? options.after ?? 0;
  /**
   * The highest sequence handed out. Usually `after`; ahead of it when a service sent events beyond
   * the cursor without moving nextAfter (a mock answering the same page again): those events are
   * not handed out twice.
   */
  let seen = after;
  let quietPolls = 0;
  let emptyButMore = 0;
  /** Events that arrived while the cursor stood still (all at or below it): what the stall message counts. */
  let staleArrived = 0;

  // A wait ended by the caller's abort is noticed at the top of the loop, which ends the read.
  const pause = (ms: number): Promise<void> => clock.sleep(ms, signal).catch(() => undefined);

  for (;;) {
    if (signal?.aborted) {
      yield { type: 'end', reason: 'aborted', after };
      return;
    }
    let page: RunEventsPage;
    try {
      page = await options.client.runEvents(options.runId, { after, limit: options.limit }, { signal });
    } catch (error) {
      if (signal?.aborted || isAbortError(error)) {
        yield { type: 'end', reason: 'aborted', after };
        return;
      }
      const retryInMs = backoff.next(error);
      const attempt = backoff.attempt;
      if ((isApiError(error) && isFinalError(error)) || attempt >= maxAttempts) {
        yield { type: 'end', reason: 'failed', after, error };
        return;
      }
      yield { type: 'error', error, retryInMs, attempt };
      await pause(retryInMs);
      continue;
    }
    backoff.reset();

    let settled = false;
    let stopped = false;
    const fresh = eventsAfter(page.events, seen);
    seen = fresh.at(-1)?.seq ?? seen;
    for (const event of fresh) {
      yield { type: 'event', event };
      if (isRunSettledEvent(event)) settled = true;
      if (event.name === 'run.stopped') stopped = true;
      if (event.name === 'run.resumed') stopped = false;
    }
    // The position is the last event shown even when the service's cursor lags behind it: asking
    // from its cursor again would show those events twice.
    const next = Math.max(page.nextAfter, fresh.at(-1)?.seq ?? after);
    const moved = next > after;
    if (moved) {
      after = next;
      seen = Math.max(seen, after);
      await saveAfter(options.store, after, logger);
    }
    if (settled) {
      yield { type: 'end', reason: 'settled', after };
      return;
    }
    if (page.hasMore) {
      if (moved) {
        emptyButMore = 0;
        staleArrived = 0;
        continue;
      }
      // Not moved: nothing on this page was new.
      staleArrived += page.events.length;
      // The spec allows a page with no events that still says hasMore (nextAfter = after): ask again soon.
      emptyButMore++;
      if (emptyButMore <= EMPTY_PAGE_TRIES) {
        await pause(Math.min(minPoll, emptyPageRetryMs(emptyButMore)));
        continue;
      }
      logger.warn('run event reader: the service keeps saying more events follow but sends none', { after });
      if (!options.follow) {
        yield { type: 'end', reason: 'failed', after, error: stalledError(options.runId, after, seen, staleArrived) };
        return;
      }
    }
    emptyButMore = 0;
    staleArrived = 0;
    if (!options.follow) {
      yield { type: 'caught_up', after };
      yield { type: 'end', reason: 'caught_up', after };
      return;
    }
    // Follow: poll again soon after news, slower and slower while the ledger is quiet.
    quietPolls = fresh.length > 0 ? 0 : quietPolls + 1;
    // A stopped run only resumes through a retry: check back at the slowest pace.
    const pollMs = stopped ? maxPoll : Math.min(maxPoll, minPoll * 2 ** Math.min(quietPolls, 20));
    yield { type: 'caught_up', after, nextPollInMs: pollMs };
    await pause(pollMs);
  }
}

function stalledError(runId: string, after: number, seen: number, staleArrived: number): UnexpectedResponseError {
  const sent =
    staleArrived === 0
      ? 'sent none'
      : `sent only ${staleArrived} event${staleArrived === 1 ? '' : 's'} at or before ${seen} (already read, not shown again)`;
  return new UnexpectedResponseError({
    code: 'unexpected_response',
    message: `${PAGED_ENDPOINTS.runEvents} says more events of run ${runId} follow after ${after}, but ${sent} in ${EMPTY_PAGE_TRIES + 1} tries.`,
    hint: 'Try again in a moment (the events read so far are kept); if it persists, report it to the service operator.',
    status: 200,
    path: PAGED_ENDPOINTS.runEvents.slice('GET '.length),
  });
}

async function loadAfter(store: CursorStore<number> | undefined, logger: Logger): Promise<number | undefined> {
  if (!store) return undefined;
  try {
    const value = await store.load();
    return Number.isInteger(value) && (value as number) >= 0 ? value : undefined;
  } catch (error) {
    logger.warn('run event reader: could not load the saved position; starting from the beginning', {
      error: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  }
}

async function saveAfter(store: CursorStore<number> | undefined, after: number, logger: Logger): Promise<void> {
  if (!store) return;
  try {
    await store.save(after);
  } catch (error) {
    logger.warn('run event reader: could not save the position', { error: error instanceof Error ? error.message : String(error) });
  }
}
