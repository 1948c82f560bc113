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
  #timer: ReturnType<typeof setTimeout> | null = null;
  #stopped = false;
  #held = false;
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
    if (this.#running || this.#held) {
      this.#again = true;
      return this.#running ?? Promise.resolve();
    }
    this.#clearTimer();
    this.#abort = new AbortController();
    const signal = this.#abort.signal;
    this.#running = this.#round(signal)
      .then((tryAgainLater) => {
        if (tryAgainLater) this.#scheduleRetry();
      })
      .finally(() => {
        this.#running = null;
        if (this.#again && !this.#held) {
          this.#again = false;
          void this.run();
        }
      });
    return this.#running ?? Promise.resolve();
  }

  /**
   * Aborts the round under way, waits for it to end and runs `task` while no round may start (a
   * go-round asked for meanwhile, or the one the aborted round had queued, starts after `task`).
   */
  async whileStopped<T>(task: () => T | Promise<T>): Promise<T> {
    this.#held = true;
    const wasRunning = this.#running !== null;
    try {
      this.#abort.abort();
      await this.#running?.catch(() => undefined);
      return await task();
    } finally {
      this.#held = false;
      if (wasRunning || this.#again) {
        this.#again = false;
        void this.run().catch(() => undefined);
      }
    }
  }

  /** Stops for good: the round under way is aborted, no retry is scheduled; resolves when it has ended. */
  stop(): Promise<void> {
    this.#stopped = true;
    this.#again = false;
    this.#abort.abort();
    this.#clearTimer();
    return this.#running ?? Promise.resolve();
  }

  #scheduleRetry(): void {
    if (this.#stopped || this.#timer !== null) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.run();
    }, this.#retryEveryMs);
    this.#timer.unref?.();
  }

  #clearTimer(): void {
    if (this.#timer === null) return;
    clearTimeout(this.#timer);
    this.#timer = null;
  }
}
