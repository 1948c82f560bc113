// A loopback HTTP proxy in front of the local service whose reachability a test switches, so a face
// meets the network as a person's laptop does:
//   up    forwards every request (answers streamed; an answer rewrite may replace chosen JSON answers)
//   down  refuses: the port is closed (connection refused) and every open connection is cut
//   hold  accepts the requests `holdWhen` picks and keeps them, unsent to the service, until
//         released; the others are forwarded. A held request whose client gives up (a send aborted
//         by a drop) is discarded: the service never sees it.
// Used by the parity suite (test/parity) from vitest and from inside the VS Code extension host.
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

export type ProxyMode = 'up' | 'down' | 'hold';

/** Which requests `hold` keeps: by method and path (with query). */
export type HoldWhen = (method: string, url: string) => boolean;

/** Replaces the JSON answer to a request (undefined: leave it). */
export type AnswerRewrite = (method: string, url: URL, body: unknown) => unknown;

export interface SwitchableProxy {
  readonly url: string;
  readonly mode: ProxyMode;
  /** Forward everything (releasing what is held). */
  up(): Promise<void>;
  /** Refuse connections: the port is closed and open connections are cut. */
  down(): Promise<void>;
  /** Keep the requests `when` picks (default: every POST, PATCH, PUT and DELETE) until released; accepts connections again when down. */
  hold(when?: HoldWhen): Promise<void>;
  /** Resolves once `count` requests are held (each still waiting, its client still there). */
  untilHeld(count?: number, timeoutMs?: number): Promise<string[]>;
  /** The requests held now (method and path). */
  held(): string[];
  /** Every request that reached the proxy: method, path and query. */
  readonly requests: string[];
  /** Rewrites JSON answers from now on (undefined: none). */
  rewrite(answer: AnswerRewrite | undefined): void;
  close(): Promise<void>;
}

interface Held {
  what: string;
  body: Buffer;
  req: IncomingMessage;
  res: ServerResponse;
  gone: boolean;
}

const WRITES: HoldWhen = (method) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

export async function startSwitchableProxy(target: string): Promise<SwitchableProxy> {
  const upstream = new URL(target);
  const requests: string[] = [];
  let mode: ProxyMode = 'up';
  let holdWhen: HoldWhen = WRITES;
  let rewriteAnswer: AnswerRewrite | undefined;
  const holding: Held[] = [];
  const heldListeners = new Set<() => void>();

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const headers: IncomingHttpHeaders = { ...req.headers, host: upstream.host };
    const rewrite = rewriteAnswer;
    if (rewrite) delete headers['accept-encoding'];
    const out = request({ hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, (answer) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (!rewrite || !String(answer.headers['content-type'] ?? '').includes('json')) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      readAll(answer)
        .then((raw) => {
          let payload = answer.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
          const replaced = payload.length > 0 ? rewrite(req.method ?? 'GET', url, JSON.parse(payload.toString('utf8'))) : undefined;
          if (replaced !== undefined) payload = Buffer.from(JSON.stringify(replaced), 'utf8');
          const answerHeaders = { ...answer.headers, 'content-length': String(payload.length) };
          delete answerHeaders['content-encoding'];
          delete answerHeaders['transfer-encoding'];
          res.writeHead(answer.statusCode ?? 502, answerHeaders);
          res.end(payload);
        })
        .catch((error: unknown) => {
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`switchable proxy: ${String(error)}`);
        });
    });
    out.once('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`switchable proxy: ${error.message}`);
    });
    // A client that goes away mid-answer (a long-poll stopped) ends the upstream request too.
    res.once('close', () => out.destroy());
    out.end(body);
  };

  const server: Server = createServer((req, res) => {
    const what = `${req.method ?? ''} ${req.url ?? ''}`;
    requests.push(what);
    readAll(req)
      .then((body) => {
        if (mode === 'hold' && holdWhen(req.method ?? '', req.url ?? '')) {
          const held: Held = { what, body, req, res, gone: false };
          res.once('close', () => {
            held.gone = true;
            const at = holding.indexOf(held);
            if (at >= 0) holding.splice(at, 1);
          });
          holding.push(held);
          for (const l of [...heldListeners]) l();
          return;
        }
        forward(req, res, body);
      })
      .catch(() => res.destroy());
  });
  server.keepAliveTimeout = 1_000;

  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen();
  port = (server.address() as AddressInfo).port;

  // Forwarded a moment later: a client that gave up just before (a drop that stopped its send in
  // this same process) has its connection's close seen first, so it is never forwarded.
  const release = () => {
    const now = holding.splice(0);
    setTimeout(() => {
      for (const held of now) if (!held.gone && !held.req.socket.destroyed) forward(held.req, held.res, held.body);
    }, 50);
  };

  const proxy: SwitchableProxy = {
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return mode;
    },
    requests,
    async up() {
      if (mode === 'down') await listen();
      mode = 'up';
      release();
    },
    async down() {
      if (mode === 'down') return;
      mode = 'down';
      for (const held of holding.splice(0)) held.res.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    async hold(when = WRITES) {
      holdWhen = when;
      if (mode === 'down') await listen();
      mode = 'hold';
    },
    held: () => holding.filter((h) => !h.gone).map((h) => h.what),
    untilHeld(count = 1, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const now = proxy.held();
          if (now.length < count) return;
          clearTimeout(timer);
          heldListeners.delete(check);
          resolve(now);
        };
        const timer = setTimeout(() => {
          heldListeners.delete(check);
          reject(new Error(`switchable proxy: ${count} request(s) not held within ${timeoutMs} ms (held: ${JSON.stringify(proxy.held())}; last requests: ${JSON.stringify(requests.slice(-8))})`));
        }, timeoutMs);
        heldListeners.add(check);
        check();
      });
    },
    rewrite(answer) {
      rewriteAnswer = answer;
    },
    async close() {
      for (const held of holding.splice(0)) held.res.destroy();
      if (mode === 'down') return;
      mode = 'down';
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  return proxy;
}
