/**
 * The client side of the realtime doorbell: joins the secret wake topic from GET /me/wake with
 * the real Supabase Realtime client and turns every `wake` (and every (re)subscription) into a
 * cue for the mention watcher to poll. A cue is only a hint; polling stays the source of truth.
 */
import type { RealtimeChannel, RealtimeClient, RealtimeClientOptions } from '@supabase/realtime-js';
import { Backoff, type BackoffLimits } from '../backoff';
import { systemClock, systemRandom, type Clock, type Random } from '../clock';
import type { WakeCoordinates } from '../contract';
import { silentLogger, type Logger } from '../logger';
import { realtimeEndpoint } from './realtime-endpoint';

// The realtime client and its websocket load when the first coordinates arrive: a process that starts
// (the terminal UI's first frame) does not compile them before it has drawn anything.
interface RealtimeModules {
  readonly RealtimeClient: typeof RealtimeClient;
  readonly WebSocket: unknown;
}
let realtimeModules: Promise<RealtimeModules> | undefined;
function loadRealtime(): Promise<RealtimeModules> {
  realtimeModules ??= Promise.all([import('@supabase/realtime-js'), import('ws')]).then(([realtime, ws]) => ({ RealtimeClient: realtime.RealtimeClient, WebSocket: ws.default }));
  return realtimeModules;
}

export type DoorbellCue = 'wake' | 'subscribed';
export type DoorbellStatus = 'connecting' | 'subscribed' | 'retrying' | 'stopped';

export interface DoorbellOptions {
  fetchCoordinates: (signal?: AbortSignal) => Promise<WakeCoordinates>;
  onCue: (reason: DoorbellCue) => void;
  onStatus?: (status: DoorbellStatus, detail?: string) => void;
  logger?: Logger;
  clock?: Clock;
  random?: Random;
  /** Realtime protocol version; the client's default (2.0.0) when omitted. */
  vsn?: '1.0.0' | '2.0.0';
  /** Backoff after failed coordinate fetches (full jitter; defaults 1000 / 30000 ms). */
  backoff?: Partial<BackoffLimits>;
  /** Least time between two coordinate fetches caused by errors or reconnects. */
  minRefetchGapMs?: number;
}

/** Never re-fetch more often than this, whatever refreshMs the server sends. */
const MIN_REFRESH_MS = 1_000;
/** How long stop() waits for the socket to confirm its close. */
const CLOSE_WAIT_MS = 2_000;

/** The piece of the Phoenix socket we reach past the client for a prompt, timer-free close. */
interface PhoenixSocketLike {
  disconnect(callback?: () => void, code?: number, reason?: string): void;
}

export class Doorbell {
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly backoff: Backoff;
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
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger ?? silentLogger;
    this.backoff = new Backoff({ baseMs: options.backoff?.baseMs ?? 1_000, maxMs: options.backoff?.maxMs ?? 30_000 }, options.random ?? systemRandom);
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
        const wait = this.backoff.next(e);
        this.status('retrying', `could not fetch wake coordinates: ${errorText(e)}`);
        this.logger.warn('doorbell: fetching wake coordinates failed; retrying', { waitMs: wait, error: errorText(e) });
        await this.pause(wait, signal);
        continue;
      }
      this.backoff.reset();
      if (signal.aborted) return;
      try {
        const realtime = await loadRealtime();
        if (signal.aborted) return;
        this.apply(coordinates, realtime);
      } catch (e) {
        this.status('retrying', `could not join the wake topic: ${errorText(e)}`);
        this.logger.warn('doorbell: joining the wake topic failed; retrying', { error: errorText(e) });
      }
      this.refetchNow = new AbortController();
      const waitMs = Math.max(MIN_REFRESH_MS, coordinates.refreshMs);
      await this.pause(waitMs, AbortSignal.any([signal, this.refetchNow.signal]));
    }
  }

  /** Sleeps on the clock; an abort (stop, or a refresh cutting the wait short) just ends the wait. */
  private async pause(ms: number, signal: AbortSignal): Promise<void> {
    try {
      await this.clock.sleep(ms, signal);
    } catch (e) {
      if (!signal.aborted) throw e;
    }
  }

  private apply(coordinates: WakeCoordinates, realtime: RealtimeModules): void {
    const endpoint = realtimeEndpoint(coordinates.url);
    const key = `${endpoint}\n${coordinates.anonKey}`;
    if (this.client && key !== this.clientKey) {
      this.logger.debug('doorbell: realtime endpoint or key changed; reconnecting');
      void this.closeClient();
    }
    if (!this.client) {
      this.client = new realtime.RealtimeClient(endpoint, this.clientOptions(coordinates.anonKey, realtime.WebSocket));
      this.clientKey = key;
    }
    if (this.channel && this.topic === coordinates.topic) return;
    this.join(this.client, coordinates);
  }

  private clientOptions(anonKey: string, WebSocket: unknown): RealtimeClientOptions {
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
      this.clock.sleep(CLOSE_WAIT_MS, ac.signal).then(resolve, () => undefined);
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
