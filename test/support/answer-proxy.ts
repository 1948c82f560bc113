// A real HTTP proxy on loopback in front of the local service, for the services the tests imagine:
// one that rewrites its JSON answers (hostile, buggy or renamed fields) or one reached through a
// forwarder that adds credentials. Answers nothing rewrites are streamed through untouched (the MCP
// transport's event streams included).
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** Gets the parsed JSON answer of `path` (and the whole request URL) and returns the value to send instead (undefined: no body). */
export type AnswerRewrite = (path: string, body: unknown, url: URL) => unknown;

export interface AnswerProxyOptions {
  /** Rewrites every JSON answer (decompressed first: the service may compress what was asked). */
  readonly rewriteAnswer?: AnswerRewrite;
  /** Headers added to (or replacing those of) every request. */
  readonly addHeaders?: Readonly<Record<string, string>>;
  /** Pass Host and Origin through as the client sent them (the service judges them itself); default: Host is the service's. */
  readonly keepHost?: boolean;
}

export interface AnswerProxy {
  url: string;
  /** Every request that reached the proxy: method, path and query. */
  requests: string[];
  close(): Promise<void>;
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

async function sendRewritten(answer: IncomingMessage, requestUrl: string, rewrite: AnswerRewrite): Promise<{ status: number; headers: IncomingHttpHeaders; payload: Buffer }> {
  let payload = await readAll(answer);
  const headers = { ...answer.headers };
  if (answer.headers['content-encoding'] === 'gzip') {
    payload = gunzipSync(payload);
    delete headers['content-encoding'];
  }
  if (String(answer.headers['content-type'] ?? '').includes('json') && payload.length > 0) {
    const url = new URL(requestUrl, 'http://x');
    const rewritten = rewrite(url.pathname, JSON.parse(payload.toString('utf8')), url);
    payload = rewritten === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(rewritten), 'utf8');
  }
  headers['content-length'] = String(payload.length);
  delete headers['transfer-encoding'];
  return { status: answer.statusCode ?? 502, headers, payload };
}

export async function startAnswerProxy(target: string, options: AnswerProxyOptions = {}): Promise<AnswerProxy> {
  const upstream = new URL(target);
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method ?? ''} ${req.url ?? ''}`);
    const headers: IncomingHttpHeaders = { ...req.headers, ...options.addHeaders };
    if (!options.keepHost) headers.host = upstream.host;
    if (options.rewriteAnswer) delete headers['accept-encoding'];
    const out = request({ hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, (answer) => {
      const rewrite = options.rewriteAnswer;
      if (!rewrite) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      sendRewritten(answer, req.url ?? '/', rewrite)
        .then(({ status, headers: answerHeaders, payload }) => {
          res.writeHead(status, answerHeaders);
          res.end(payload);
        })
        .catch((error: unknown) => {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`answer proxy: ${String(error)}`);
        });
    });
    out.once('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`answer proxy: ${error.message}`);
    });
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
