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
    if (this.#running) {
      this.#again = true;
      return this.#running;
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
        if (this.#again) {
          this.#again = false;
          void this.run();
        }
      });
    return this.#running;
  }

  /** Aborts the round under way and waits for it to end (a later `run()` starts afresh). */
  async interrupt(): Promise<void> {
    const running = this.#running;
    if (!running) return;
    this.#abort.abort();
    await running.catch(() => undefined);
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
