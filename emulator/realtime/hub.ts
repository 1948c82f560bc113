import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { SERVICE_PATHS } from '../../shared/contract';
import { decodeFrame, encodeFrame, parseVsn, replyFrame, wakeFrame, type Frame, type Vsn } from './frames';
import type { WakeOwner } from './topics';

export const REALTIME_SOCKET_PATH = `${SERVICE_PATHS.realtime}/websocket`;
const WIRE_PREFIX = 'realtime:';

export interface RealtimeHubOptions {
  anonKey: string;
  /** Owner of a bare topic (the name a client passes to `.channel()`), or null when not current. */
  resolveTopic: (topic: string) => WakeOwner | null;
  /** Broadcast event name of the doorbell. */
  event?: string;
  /** A socket that sent no valid frame for this long is dropped (clients heartbeat every 25 s). */
  idleMs?: number;
  sweepMs?: number;
  maxConnections?: number;
  maxChannelsPerSocket?: number;
  maxFrameBytes?: number;
  /** A wake is skipped for a socket with more than this many bytes queued (it is only a hint). */
  maxBufferedBytes?: number;
}

interface Joined {
  joinRef: string | null;
  owner: WakeOwner;
}

interface Connection {
  ws: WebSocket;
  vsn: Vsn;
  apikey: string | null;
  lastSeen: number;
  joined: Map<string, Joined>;
}

export interface RealtimeStats {
  connections: number;
  subscriptions: number;
  topics: number;
}

/**
 * The Supabase-Realtime-compatible websocket of the local service: Phoenix channel joins,
 * heartbeats and leaves, and content-free `wake` broadcasts to doorbell topics.
 */
export class RealtimeHub {
  private readonly wss: WebSocketServer;
  private readonly connections = new Set<Connection>();
  /** Wire topic -> joined connections. */
  private readonly subscribers = new Map<string, Set<Connection>>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly event: string;
  private readonly idleMs: number;
  private readonly maxConnections: number;
  private readonly maxChannelsPerSocket: number;
  private readonly maxBufferedBytes: number;
  private readonly attached: { server: Server; listener: (req: IncomingMessage, socket: Duplex, head: Buffer) => void }[] = [];

  constructor(private readonly options: RealtimeHubOptions) {
    this.event = options.event ?? 'wake';
    this.idleMs = options.idleMs ?? 60_000;
    this.maxConnections = options.maxConnections ?? 10_000;
    this.maxChannelsPerSocket = options.maxChannelsPerSocket ?? 20;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 256 * 1024;
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: options.maxFrameBytes ?? 64 * 1024,
      perMessageDeflate: false,
      clientTracking: false,
    });
    this.sweeper = setInterval(() => this.sweep(), options.sweepMs ?? 15_000);
    this.sweeper.unref();
  }

  /** Routes `upgrade` requests of this server's realtime path to the hub. */
  attach(server: Server): void {
    const listener = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
      if (!this.handleUpgrade(req, socket, head) && server.listenerCount('upgrade') === 1) {
        refuseUpgrade(socket, 404, 'Not Found');
      }
    };
    server.on('upgrade', listener);
    this.attached.push({ server, listener });
  }

  /** Takes the upgrade when it is for the realtime path; false (socket untouched) otherwise. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== REALTIME_SOCKET_PATH) return false;
    const vsn = parseVsn(url.searchParams.get('vsn'));
    if (!vsn) {
      refuseUpgrade(socket, 400, 'Bad Request');
      return true;
    }
    if (this.connections.size >= this.maxConnections) {
      refuseUpgrade(socket, 503, 'Service Unavailable');
      return true;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, vsn, url.searchParams.get('apikey')));
    return true;
  }

  /** Sends a wake to every joined topic of people in this workspace; returns how many were sent. */
  wakeWorkspace(workspaceId: string): number {
    return this.wakeWhere((owner) => owner.workspaceId === workspaceId);
  }

  wakeWhere(predicate: (owner: WakeOwner) => boolean): number {
    let sent = 0;
    for (const [topic, conns] of this.subscribers) {
      for (const conn of conns) {
        const joined = conn.joined.get(topic);
        if (!joined || !predicate(joined.owner)) continue;
        if (this.send(conn, wakeFrame(topic, this.event), true)) sent += 1;
      }
    }
    return sent;
  }

  /**
   * Drops subscriptions whose topic is no longer current (rotation, reset) with `phx_error`,
   * so the client reports CHANNEL_ERROR, re-fetches its coordinates and joins the new topic.
   */
  expireStale(): number {
    let expired = 0;
    for (const [topic, conns] of [...this.subscribers]) {
      if (this.options.resolveTopic(topic.slice(WIRE_PREFIX.length))) continue;
      for (const conn of [...conns]) {
        const joined = conn.joined.get(topic);
        this.send(conn, { topic, event: 'phx_error', payload: {}, ref: null, join_ref: joined?.joinRef ?? null });
        this.unsubscribe(conn, topic);
        expired += 1;
      }
    }
    return expired;
  }

  stats(): RealtimeStats {
    let subscriptions = 0;
    for (const conns of this.subscribers.values()) subscriptions += conns.size;
    return { connections: this.connections.size, subscriptions, topics: this.subscribers.size };
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const { server, listener } of this.attached) server.off('upgrade', listener);
    this.attached.length = 0;
    for (const conn of [...this.connections]) conn.ws.terminate();
    this.connections.clear();
    this.subscribers.clear();
    this.wss.close();
  }

  private accept(ws: WebSocket, vsn: Vsn, apikey: string | null): void {
    const conn: Connection = { ws, vsn, apikey, lastSeen: Date.now(), joined: new Map() };
    this.connections.add(conn);
    ws.on('message', (data: RawData, isBinary: boolean) => {
      // Binary frames are client broadcast pushes (vsn 2.0.0); a doorbell topic takes none.
      if (isBinary) return;
      const frame = decodeFrame(rawText(data), vsn);
      if (!frame) return;
      conn.lastSeen = Date.now();
      this.onFrame(conn, frame);
    });
    ws.on('close', () => this.drop(conn));
    ws.on('error', () => ws.terminate());
  }

  private onFrame(conn: Connection, frame: Frame): void {
    if (frame.topic === 'phoenix') {
      if (frame.event === 'heartbeat') this.send(conn, replyFrame(frame, 'ok', {}));
      return;
    }
    switch (frame.event) {
      case 'phx_join':
        this.join(conn, frame);
        return;
      case 'phx_leave':
        this.unsubscribe(conn, frame.topic);
        this.send(conn, replyFrame(frame, 'ok', {}));
        return;
      default:
        if (!conn.joined.has(frame.topic)) {
          this.send(conn, replyFrame(frame, 'error', { reason: 'unmatched topic' }));
        }
      // Other events on a joined doorbell topic (access_token, client broadcasts) are ignored.
    }
  }

  private join(conn: Connection, frame: Frame): void {
    if (conn.apikey !== this.options.anonKey) {
      this.send(
        conn,
        replyFrame(frame, 'error', {
          reason: 'Unknown apikey. Fetch GET /api/v1/me/wake again and connect with its anonKey.',
        }),
      );
      return;
    }
    const bare = frame.topic.startsWith(WIRE_PREFIX) ? frame.topic.slice(WIRE_PREFIX.length) : null;
    const owner = bare === null ? null : this.options.resolveTopic(bare);
    if (!owner) {
      this.send(
        conn,
        replyFrame(frame, 'error', {
          reason: 'Unknown or expired topic. Fetch GET /api/v1/me/wake again and join its topic.',
        }),
      );
      return;
    }
    if (!conn.joined.has(frame.topic) && conn.joined.size >= this.maxChannelsPerSocket) {
      this.send(conn, replyFrame(frame, 'error', { reason: 'Too many channels on this socket. Leave one first.' }));
      return;
    }
    conn.joined.set(frame.topic, { joinRef: frame.join_ref ?? frame.ref, owner });
    let conns = this.subscribers.get(frame.topic);
    if (!conns) {
      conns = new Set();
      this.subscribers.set(frame.topic, conns);
    }
    conns.add(conn);
    this.send(conn, replyFrame(frame, 'ok', { postgres_changes: [] }));
  }

  private unsubscribe(conn: Connection, topic: string): void {
    conn.joined.delete(topic);
    const conns = this.subscribers.get(topic);
    if (!conns) return;
    conns.delete(conn);
    if (conns.size === 0) this.subscribers.delete(topic);
  }

  private drop(conn: Connection): void {
    if (!this.connections.delete(conn)) return;
    for (const topic of [...conn.joined.keys()]) this.unsubscribe(conn, topic);
  }

  private send(conn: Connection, frame: Frame, skippable = false): boolean {
    if (conn.ws.readyState !== WebSocket.OPEN) return false;
    if (skippable && conn.ws.bufferedAmount > this.maxBufferedBytes) return false;
    conn.ws.send(encodeFrame(frame, conn.vsn));
    return true;
  }

  private sweep(): void {
    const cutoff = Date.now() - this.idleMs;
    for (const conn of [...this.connections]) {
      if (conn.lastSeen < cutoff) {
        conn.ws.terminate();
        this.drop(conn);
      }
    }
  }
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
