// Refuses a WebSocket upgrade before any 'upgrade' listener sees it. The realtime hub attaches its
// own listener, and every listener of an event runs, so the check sits in front of them all.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ApiError } from '../errors';

export function guardUpgrades(server: Server, refuse: (req: IncomingMessage) => ApiError | null): void {
  const emit = server.emit.bind(server) as (event: string | symbol, ...args: unknown[]) => boolean;
  server.emit = ((event: string | symbol, ...args: unknown[]): boolean => {
    if (event === 'upgrade') {
      const error = refuse(args[0] as IncomingMessage);
      if (error) {
        const socket = args[1] as Duplex;
        const body = JSON.stringify(error.toBody());
        socket.end(
          `HTTP/1.1 ${error.status} Forbidden\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
          () => socket.destroy(),
        );
        return true;
      }
    }
    return emit(event, ...args);
  }) as Server['emit'];
}
