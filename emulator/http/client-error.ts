// Requests Node's HTTP parser refuses before any route sees them (headers over the size limit,
// malformed request lines) still get the service's JSON error shape, not Node's bare 400/431.
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

export function answerClientErrorsAsJson(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (socket.destroyed || !socket.writable) return;
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const body = JSON.stringify({
      error: {
        code: 'invalid_request',
        message: tooLarge ? 'The request headers (or URL) are too large.' : 'The request is not valid HTTP.',
        hint: tooLarge ? 'Shorten the URL, query parameters or headers and try again.' : 'Send a well-formed HTTP/1.1 request.',
      },
    });
    socket.end(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
