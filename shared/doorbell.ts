/**
 * The client side of the realtime doorbell: joins the secret wake topic from GET /me/wake with
 * the real Supabase Realtime client and turns every `wake` (and every (re)subscription) into a
 * cue for the mention watcher to poll. A cue is only a hint; polling stays the source of truth.
 */
import { RealtimeClient, type RealtimeChannel, type RealtimeClientOptions } from '@supabase/realtime-js';
import WebSocket from 'ws';
import type { WakeCoordinates } from './contract';
import { realtimeEndpoint } from './doorbell/endpoint';

export { realtimeEndpoint } from './doorbell/endpoint';

export type DoorbellCue = 'wake' | 'subscribed';
export type DoorbellStatus = 'connecting' | 'subscribed' | 'retrying' | 'stopped';

/** Structurally the same as the layer's Logger (debug/warn), so any Logger fits. */
export interface DoorbellLogger {
  debug(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

/** Structurally the same as the layer's Clock. */
export interface DoorbellClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface DoorbellOptions {
  fetchCoordinates: (signal?: AbortSignal) => Promise<WakeCoordinates>;
  onCue: (reason: DoorbellCue) => void;
  onStatus?: (status: DoorbellStatus, detail?: string) => void;
  logger?: DoorbellLogger;
  clock?: DoorbellClock;
  /** Realtime protocol version; the client's default (2.0.0) when omitted. */
  vsn?: '1.0.0' | '2.0.0';
  /** Waits after failed coordinate fetches, by attempt; the last repeats. */
  retryDelaysMs?: readonly number[];
  /** Least time between two coordinate fetches caused by errors or reconnects. */
  minRefetchGapMs?: number;
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;
/** Never re-fetch more often than this, whatever refreshMs the server sends. */
const MIN_REFRESH_MS = 1_000;

const timerClock: DoorbellClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const done = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      signal?.addEventListener('abort', done, { once: true });
    }),
};

const silent: DoorbellLogger = { debug: () => {}, warn: () => {} };

/** The piece of the Phoenix socket we reach past the client for a prompt, timer-free close. */
interface PhoenixSocketLike {
  disconnect(callback?: () => void, code?: number, reason?: string): void;
}

export class Doorbell {
  private readonly clock: DoorbellClock;
  private readonly logger: DoorbellLogger;
  private running = false;
  private loop: Promise<void> | null = null;
  /** Aborts everything of this run (fetches, waits). */
  private lifetime: AbortController | null = null;
  /** Aborted to cut the current refresh wait short. */
  private refetchNow: AbortController | null = null;
  private lastFetchAt = Number.NEGATIVE_INFINITY;
  private client: RealtimeClient | null = null;
  private clientKey = '';
  private channel: RealtimeChannel | null = null;
  private topic: string | null = null;

  constructor(private readonly options: DoorbellOptions) {
    this.clock = options.clock ?? timerClock;
    this.logger = options.logger ?? silent;
  }

  /** The topic currently joined (or being joined); null before the first coordinates. */
  get currentTopic(): string | null {
    return this.topic;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.lifetime = new AbortController();
    this.loop = this.run(this.lifetime.signal).catch((e: unknown) => {
      this.logger.warn('doorbell stopped after an unexpected error', { error: errorText(e) });
    });
  }

  /** Leaves the topic, closes the socket and ends every timer. Safe to call twice. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.lifetime?.abort();
    this.refetchNow?.abort();
    await this.loop;
    this.loop = null;
    await this.closeClient();
    this.status('stopped');
  }

  /** Asks for fresh coordinates now (e.g. after the socket reconnected or the join failed). */
  refresh(): void {
    this.refetchNow?.abort();
  }

  private async run(signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      const gap = this.options.minRefetchGapMs ?? 1_000;
      const sinceLast = this.clock.now() - this.lastFetchAt;
      if (sinceLast < gap) await this.pause(gap - sinceLast, signal);
      if (signal.aborted) return;
      this.lastFetchAt = this.clock.now();
      let coordinates: WakeCoordinates;
      try {
        coordinates = await this.options.fetchCoordinates(signal);
      } catch (e) {
        if (signal.aborted) return;
        const delays = this.options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
        const wait = delays[Math.min(failures, delays.length - 1)] ?? 10_000;
        failures += 1;
        this.status('retrying', `could not fetch wake coordinates: ${errorText(e)}`);
        this.logger.warn('doorbell: fetching wake coordinates failed; retrying', { waitMs: wait, error: errorText(e) });
        await this.pause(wait, signal);
        continue;
      }
      failures = 0;
      if (signal.aborted) return;
      try {
        this.apply(coordinates);
      } catch (e) {
        this.status('retrying', `could not join the wake topic: ${errorText(e)}`);
        this.logger.warn('doorbell: joining the wake topic failed; retrying', { error: errorText(e) });
      }
      this.refetchNow = new AbortController();
      const waitMs = Math.max(MIN_REFRESH_MS, coordinates.refreshMs);
      await this.pause(waitMs, AbortSignal.any([signal, this.refetchNow.signal]));
    }
  }

  /** Sleeps on the injected clock; an abort simply ends the wait (some clocks reject on abort). */
  private async pause(ms: number, signal: AbortSignal): Promise<void> {
    try {
      await this.clock.sleep(ms, signal);
    } catch (e) {
      if (!signal.aborted) throw e;
    }
  }

  private apply(coordinates: WakeCoordinates): void {
    const endpoint = realtimeEndpoint(coordinates.url);
    const key = `${endpoint}\n${coordinates.anonKey}`;
    if (this.client && key !== this.clientKey) {
      this.logger.debug('doorbell: realtime endpoint or key changed; reconnecting');
      void this.closeClient();
    }
    if (!this.client) {
      this.client = new RealtimeClient(endpoint, this.clientOptions(coordinates.anonKey));
      this.clientKey = key;
    }
    if (this.channel && this.topic === coordinates.topic) return;
    this.join(this.client, coordinates);
  }

  private clientOptions(anonKey: string): RealtimeClientOptions {
    const options: RealtimeClientOptions = { params: { apikey: anonKey } };
    if (typeof globalThis.WebSocket === 'undefined') {
      options.transport = WebSocket as unknown as NonNullable<RealtimeClientOptions['transport']>;
    }
    if (this.options.vsn) options.vsn = this.options.vsn;
    return options;
  }

  private join(client: RealtimeClient, coordinates: WakeCoordinates): void {
    const previous = this.channel;
    const channel = client.channel(coordinates.topic);
    this.channel = channel;
    this.topic = coordinates.topic;
    this.status('connecting');
    channel.on('broadcast', { event: coordinates.event }, () => {
      if (this.channel === channel && this.running) this.options.onCue('wake');
    });
    channel.subscribe((state, err) => {
      if (this.channel !== channel || !this.running) return;
      if (state === 'SUBSCRIBED') {
        this.status('subscribed');
        this.options.onCue('subscribed');
      } else if (state === 'CHANNEL_ERROR' || state === 'TIMED_OUT') {
        // Socket dropped, join refused or topic rotated away: fresh coordinates decide.
        this.status('retrying', err ? err.message : state);
        this.logger.debug('doorbell: channel not subscribed; re-fetching coordinates', { state });
        this.refresh();
      }
    });
    // The new channel is registered first, so removing the old one never empties the client.
    if (previous) void client.removeChannel(previous).catch(() => undefined);
  }

  private async closeClient(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.channel = null;
    this.topic = null;
    this.clientKey = '';
    if (!client) return;
    for (const channel of client.getChannels()) channel.teardown();
    const socket = phoenixSocketOf(client);
    if (!socket) {
      await client.disconnect().catch(() => undefined);
      return;
    }
    // client.disconnect() leaves a 10 s timer behind; closing the socket directly does not.
    await new Promise<void>((resolve) => {
      const ac = new AbortController();
      socket.disconnect(() => {
        ac.abort();
        resolve();
      }, 1000, 'doorbell stopped');
      void timerClock.sleep(2_000, ac.signal).then(resolve);
    });
  }

  private status(status: DoorbellStatus, detail?: string): void {
    this.options.onStatus?.(status, detail);
  }
}

function phoenixSocketOf(client: RealtimeClient): PhoenixSocketLike | null {
  const adapter = (client as unknown as { socketAdapter?: { getSocket?: () => unknown } }).socketAdapter;
  const socket = adapter?.getSocket?.();
  if (typeof socket === 'object' && socket !== null && typeof (socket as PhoenixSocketLike).disconnect === 'function') {
    return socket as PhoenixSocketLike;
  }
  return null;
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
