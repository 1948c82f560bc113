/**
 * Cues to refresh: each doorbell `wake`, each (re)subscription of the doorbell (wakes sent while
 * disconnected are lost), and an optional interval, the safety net for lost wakes and for changes
 * that ring no bell (edits); without a doorbell the interval is the only cue. A cue says only
 * "look again": whoever refreshes reads after its own newest cursor, so nothing is lost or repeated.
 */
import { abortReason } from '../abort';
import { systemClock, type Clock, type Random } from '../clock';
import type { WakeCoordinates } from '../contract';
import type { CallOptions } from '../http/types';
import { silentLogger, type Logger } from '../logger';
import { Doorbell, type DoorbellCue, type DoorbellStatus } from './doorbell';

export type LiveCue = DoorbellCue | 'interval';

/** The one Client method the waker needs. */
export interface WakeSource {
  wake(opts?: CallOptions): Promise<WakeCoordinates>;
}

export interface WakerOptions {
  client: WakeSource;
  /** false: no doorbell (websockets blocked, tests); the interval is then the only cue. Default true. */
  doorbell?: boolean;
  /** Also cue every this many ms (none when omitted). */
  intervalMs?: number;
  onDoorbellStatus?: (status: DoorbellStatus, detail?: string) => void;
  clock?: Clock;
  random?: Random;
  logger?: Logger;
}

export class Waker {
  private readonly clock: Clock;
  private readonly listeners = new Set<(cue: LiveCue) => void>();
  private readonly waiters = new Set<() => void>();
  /** A cue came since the last next() returned. */
  private pending = false;
  private lifetime: AbortController | null = null;
  private doorbell: Doorbell | null = null;
  private ticking: Promise<void> | null = null;

  constructor(private readonly options: WakerOptions) {
    this.clock = options.clock ?? systemClock;
  }

  get running(): boolean {
    return this.lifetime !== null;
  }

  start(): void {
    if (this.lifetime) return;
    const lifetime = new AbortController();
    this.lifetime = lifetime;
    if (this.options.doorbell !== false) {
      this.doorbell = new Doorbell({
        fetchCoordinates: (signal) => this.options.client.wake({ signal }),
        onCue: (cue) => this.emit(cue),
        onStatus: this.options.onDoorbellStatus,
        clock: this.clock,
        random: this.options.random,
        logger: this.options.logger ?? silentLogger,
      });
      this.doorbell.start();
    }
    const intervalMs = this.options.intervalMs;
    if (intervalMs !== undefined && intervalMs > 0) this.ticking = this.tick(intervalMs, lifetime.signal);
  }

  /** Ends the doorbell and the interval; pending next() calls reject as aborted. Safe to call twice. */
  async stop(): Promise<void> {
    const lifetime = this.lifetime;
    if (!lifetime) return;
    this.lifetime = null;
    lifetime.abort();
    await this.ticking;
    this.ticking = null;
    const doorbell = this.doorbell;
    this.doorbell = null;
    await doorbell?.stop();
  }

  /** Calls `listener` on every cue until the returned function is called. */
  onCue(listener: (cue: LiveCue) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Resolves at the next cue, or at once when a cue came since the last call returned (for one
   * follow loop: read, then wait here). Rejects with the abort reason when `signal` aborts or the
   * waker stops.
   */
  next(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const lifetime = this.lifetime;
    if (!lifetime) return Promise.reject(new DOMException('The waker is not running.', 'AbortError'));
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const finish = (error?: Error): void => {
        this.waiters.delete(onCue);
        signal?.removeEventListener('abort', onAbort);
        lifetime.signal.removeEventListener('abort', onStop);
        if (error) reject(error);
        else resolve();
      };
      const onCue = (): void => {
        this.pending = false;
        finish();
      };
      const onAbort = (): void => finish(abortReason(signal));
      const onStop = (): void => finish(abortReason(lifetime.signal));
      this.waiters.add(onCue);
      signal?.addEventListener('abort', onAbort, { once: true });
      lifetime.signal.addEventListener('abort', onStop, { once: true });
    });
  }

  private emit(cue: LiveCue): void {
    if (!this.lifetime) return;
    this.pending = true;
    for (const waiter of [...this.waiters]) waiter();
    for (const listener of [...this.listeners]) listener(cue);
  }

  private async tick(intervalMs: number, signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        await this.clock.sleep(intervalMs, signal);
      } catch {
        return;
      }
      this.emit('interval');
    }
  }
}
