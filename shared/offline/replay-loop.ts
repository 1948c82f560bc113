/**
 * The background loop a face sends its outbox with: one round at a time (a `run()` while a round
 * is under way makes it go round once more when it ends, rather than starting a second sender),
 * another round after `retryEveryMs` when a round says the service could not be reached, and a
 * stop that aborts the round under way. What a round does (replayOutbox and the face's events)
 * is the caller's.
 */

export interface ReplayLoopOptions {
  /** One round; resolves `true` when what waits should be tried again after `retryEveryMs`. */
  readonly round: (signal: AbortSignal) => Promise<boolean>;
  readonly retryEveryMs: number;
}

export class ReplayLoop {
  readonly #round: ReplayLoopOptions['round'];
  readonly #retryEveryMs: number;
  #running: Promise<void> | null = null;
  #again = false;
  #retry: NodeJS.Timeout | undefined;
  #stopped = false;
  /** How many whileStopped() tasks are under way: no round starts until the last has ended. */
  #holds = 0;
  #abort = new AbortController();

  constructor(options: ReplayLoopOptions) {
    this.#round = options.round;
    this.#retryEveryMs = options.retryEveryMs;
  }

  /** Whether a round is under way. */
  get running(): boolean {
    return this.#running !== null;
  }

  /** Starts a round (or asks the one under way to go round once more); settles as the current round does. */
  run(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    if (this.#running || this.#holds > 0) {
      this.#again = true;
      return this.#running ?? Promise.resolve();
    }
    clearTimeout(this.#retry);
    this.#abort = new AbortController();
    const round = this.#round(this.#abort.signal)
      .then((tryAgainLater) => {
        if (tryAgainLater && !this.#stopped) this.#retry = setTimeout(() => this.#runInBackground(), this.#retryEveryMs).unref();
      })
      .finally(() => {
        this.#running = null;
        this.#goRoundAgainIfAsked();
      });
    this.#running = round;
    return round;
  }

  /**
   * Aborts the round under way, waits for it to end and runs `task` while no round may start (a
   * go-round asked for meanwhile, or the one the aborted round had queued, starts after `task`;
   * so does one for what the aborted round left unsent). Tasks that overlap hold the loop until the
   * last has ended.
   */
  async whileStopped<T>(task: () => T | Promise<T>): Promise<T> {
    this.#holds += 1;
    const wasRunning = this.#running !== null;
    try {
      this.#abort.abort();
      await this.#running?.catch(() => undefined);
      return await task();
    } finally {
      this.#holds -= 1;
      if (wasRunning) this.#again = true;
      this.#goRoundAgainIfAsked();
    }
  }

  /** Stops for good: the round under way is aborted, no retry is scheduled; resolves when it has ended. */
  stop(): Promise<void> {
    this.#stopped = true;
    this.#abort.abort();
    clearTimeout(this.#retry);
    return this.#running ?? Promise.resolve();
  }

  /** While a task holds the loop, run() asks again, so the go-round waits for the last task. */
  #goRoundAgainIfAsked(): void {
    if (!this.#again) return;
    this.#again = false;
    this.#runInBackground();
  }

  /** A round nobody awaits (a go-round, a retry): its failure was the round's to report, not an unhandled rejection. */
  #runInBackground(): void {
    this.run().catch(() => undefined);
  }
}
