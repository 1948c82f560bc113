// Requests Node's HTTP parser refuses before any route sees them (headers over the size limit,
// malformed request lines, headers or body too slow to arrive) still get the service's JSON error
// shape, not Node's bare 400/408/431.
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

function answerFor(code: string | undefined): { status: string; message: string; hint: string } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: '400 Bad Request', message: 'The request headers (or URL) are too large.', hint: 'Shorten the URL, query parameters or headers and try again.' };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: '408 Request Timeout', message: 'The request did not arrive in time; the connection was closed.', hint: 'Send the whole request promptly, then try again.' };
  }
  return { status: '400 Bad Request', message: 'The request is not valid HTTP.', hint: 'Send a well-formed HTTP/1.1 request.' };
}

export function answerClientErrorsAsJson(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (socket.destroyed) return;
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const answer = answerFor(err.code);
    const body = JSON.stringify({ error: { code: 'invalid_request', message: answer.message, hint: answer.hint } });
    // Closed once written, not only half-closed: a peer that never reads would otherwise hold the
    // socket (and its file descriptor) open for good.
    socket.end(
      `HTTP/1.1 ${answer.status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      () => socket.destroy(),
    );
  });
}
