// One HTTP exchange on node:http/https, read whole but never beyond a byte cap. The Node built-ins
// rather than undici: importing undici costs a one-shot `wsc` command ~60 ms and ~19 MiB, compiling
// its WebAssembly parser on the first request ~94 ms and ~38 MiB more, and it would be about 520 KiB
// of the extension bundle. Keep-alive pooling, abort and timeouts are all in node:http. node:http
// (with net and streams) is fetched at the first request, and node:https (and with it tls and most
// of crypto) for the first https address, not imported: loading the extension or a command that
// makes no request loads neither, and a command against a local http service never loads https.
import type { Agent as HttpAgent, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';

type Http = typeof import('node:http');
type Https = typeof import('node:https');
const http = (): Http => process.getBuiltinModule('node:http');
const https = (): Https => process.getBuiltinModule('node:https');

export interface RawRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Fired by the caller (its abort or the attempt's timeout): the exchange is torn down at once. */
  signal: AbortSignal;
  /** The largest body read; a longer one ends the exchange with BodyCapExceeded. */
  maxBytes: number;
  /** Called once the status line and headers are in, before the body is read. */
  onHead?: (status: number, headers: IncomingHttpHeaders) => void;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The answer's body (or its announced Content-Length) is larger than the cap. */
export class BodyCapExceeded extends Error {
  constructor(
    readonly status: number,
    readonly headers: IncomingHttpHeaders,
    readonly maxBytes: number,
  ) {
    super(`an answer larger than ${maxBytes} bytes`);
  }
}

/** The pooled connections of one client: keep-alive, so a long-poll loop or a pager reuses its socket. */
export class ConnectionPool {
  // Free sockets are unref'd by Node, so a one-shot process exits without closing the pool; they are
  // dropped after 5 s idle (or the server's Keep-Alive hint), before most servers close them.
  #http: HttpAgent | undefined;
  #https: HttpsAgent | undefined;

  agentFor(url: URL): HttpAgent | HttpsAgent {
    if (url.protocol === 'http:') return (this.#http ??= new (http().Agent)({ keepAlive: true, maxSockets: 16, timeout: 5_000, scheduling: 'lifo' }));
    this.#https ??= new (https().Agent)({ keepAlive: true, maxSockets: 16, timeout: 5_000, scheduling: 'lifo' });
    return this.#https;
  }

  close(): void {
    this.#http?.destroy();
    this.#https?.destroy();
  }
}

/** Sends `req` and reads the whole answer; rejects on a network failure, the signal, or the cap. */
export function exchange(pool: ConnectionPool, req: RawRequest): Promise<RawResponse> {
  return new Promise<RawResponse>((resolve, reject) => {
    const send = req.url.protocol === 'https:' ? https().request : http().request;
    let settled = false;
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      req.signal.removeEventListener('abort', onAbort);
      outcome();
    };
    const fail = (error: unknown): void => finish(() => reject(error));
    const headers: Record<string, string> = { ...req.headers };
    if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body));
    const outgoing = send(req.url, { method: req.method, headers, agent: pool.agentFor(req.url) });
    const onAbort = (): void => {
      const reason: unknown = req.signal.reason;
      outgoing.destroy();
      fail(reason instanceof Error ? reason : new Error('aborted'));
    };
    if (req.signal.aborted) {
      onAbort();
      return;
    }
    req.signal.addEventListener('abort', onAbort, { once: true });
    outgoing.on('error', fail);
    outgoing.on('response', (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      req.onHead?.(status, res.headers);
      const tooLarge = (): void => {
        res.destroy();
        outgoing.destroy();
        fail(new BodyCapExceeded(status, res.headers, req.maxBytes));
      };
      const announced = Number(res.headers['content-length']);
      if (Number.isFinite(announced) && announced > req.maxBytes) {
        tooLarge();
        return;
      }
      const chunks: Buffer[] = [];
      let received = 0;
      res.on('data', (chunk: Buffer) => {
        received += chunk.byteLength;
        if (received > req.maxBytes) tooLarge();
        else chunks.push(chunk);
      });
      res.on('error', fail);
      res.on('close', () => {
        if (!res.complete) fail(new Error('the connection closed before the whole answer arrived'));
      });
      res.on('end', () => finish(() => resolve({ status, headers: res.headers, body: Buffer.concat(chunks, received) })));
    });
    outgoing.end(req.body);
  });
}
