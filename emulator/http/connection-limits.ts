// Connection limits and timeouts, so idle or half-open sockets cannot lock real clients out (each
// socket holds a file descriptor; ~1,000 idle ones would exhaust a 1,024 limit). Sockets that
// never finish their headers are closed after headersTimeoutMs. At maxConnections, a new connection
// evicts the oldest socket that has no request in flight (never a running long-poll or a realtime
// socket); only when every socket is busy is the new one turned away.
import { readFileSync } from 'node:fs';
import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** Open sockets at most (idle ones are evicted to make room). */
  maxConnections: number;
  /** A client must send its complete request headers within this time. */
  headersTimeoutMs: number;
  /** ...and its complete request (headers and body) within this time. A long-poll's hold does not count: it starts once the request is in. */
  requestTimeoutMs: number;
  /** An idle keep-alive socket is closed after this time. */
  keepAliveTimeoutMs: number;
}

/** File descriptors kept free beyond sockets: the database, its log, stdio, the realtime hub's timers. */
const RESERVED_FILES = 64;

/**
 * As many sockets as the process's open-file limit leaves room for (Linux: /proc/self/limits),
 * between 256 and 10,000; 960 where the limit is unknown (the 1,024 of many systems, less the
 * reserve). A fixed low cap would turn away the 1,000 long-polls a busy workspace holds.
 */
export function defaultMaxConnections(limitsText?: string): number {
  let text = limitsText;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/self/limits', 'utf8');
    } catch {
      text = '';
    }
  }
  const soft = /^Max open files\s+(\d+|unlimited)/m.exec(text)?.[1];
  const files = soft === undefined ? 1_024 : soft === 'unlimited' ? Infinity : Number(soft);
  return Math.max(256, Math.min(10_000, files - RESERVED_FILES));
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  maxConnections: defaultMaxConnections(),
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
};

export function connectionLimitsOf(partial: Partial<ConnectionLimits> | undefined): ConnectionLimits {
  return { ...DEFAULT_CONNECTION_LIMITS, ...partial };
}

/** Options for createServer: Node checks the timeouts every connectionsCheckingInterval (default 30 s). */
export function serverOptionsFor(limits: ConnectionLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: Math.max(limits.requestTimeoutMs, limits.headersTimeoutMs),
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
  };
}

/** Tracks sockets and enforces maxConnections by evicting the oldest idle one. */
export function capConnections(server: Server, limits: ConnectionLimits): void {
  // Insertion order is connection order, so the first idle entry is the oldest idle socket.
  const busy = new Map<Socket, boolean>();
  server.on('connection', (socket: Socket) => {
    if (busy.size >= limits.maxConnections) {
      const idle = [...busy].find(([, inFlight]) => !inFlight)?.[0];
      if (idle) {
        busy.delete(idle);
        idle.destroy();
      } else {
        socket.destroy();
        return;
      }
    }
    busy.set(socket, false);
    socket.once('close', () => busy.delete(socket));
  });
  server.on('request', (req, res) => {
    const socket = req.socket;
    if (!busy.has(socket)) return;
    busy.set(socket, true);
    res.once('close', () => {
      if (busy.has(socket)) busy.set(socket, false);
    });
  });
  // A realtime (WebSocket) socket stays busy for its whole life.
  server.on('upgrade', (req) => {
    if (busy.has(req.socket)) busy.set(req.socket, true);
  });
}
