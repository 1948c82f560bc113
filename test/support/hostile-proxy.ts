// A hostile service: a real HTTP proxy in front of the local service that rewrites the JSON answers
// of chosen routes (e.g. ids, risk, ref or status with terminal escapes in them), the way a
// compromised or buggy server would answer. The rewrite sees every JSON answer with its path.
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** Gets the parsed JSON answer of `path` (and the whole request URL) and returns the value to send instead (undefined: no body). */
export type AnswerRewrite = (path: string, body: unknown, url: URL) => unknown;

export interface HostileProxy {
  url: string;
  /** Every request that reached the proxy: method, path and query. */
  requests: string[];
  stop(): Promise<void>;
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

export async function startHostileProxy(target: string, rewrite: AnswerRewrite): Promise<HostileProxy> {
  const upstream = new URL(target);
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method ?? ''} ${req.url ?? ''}`);
    void (async () => {
      const body = await readAll(req);
      const headers = { ...req.headers, host: upstream.host };
      delete headers['accept-encoding'];
      const answer = await new Promise<IncomingMessage>((resolve, reject) => {
        const out = request({ hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, resolve);
        out.once('error', reject);
        out.end(body);
      });
      let payload = await readAll(answer);
      const outHeaders = { ...answer.headers };
      // The service may compress whatever was asked (the spec allows it): rewrite the plain text.
      if (answer.headers['content-encoding'] === 'gzip') {
        payload = gunzipSync(payload);
        delete outHeaders['content-encoding'];
      }
      const type = String(answer.headers['content-type'] ?? '');
      if (type.includes('json') && payload.length > 0) {
        const url = new URL(req.url ?? '/', 'http://x');
        const rewritten = rewrite(url.pathname, JSON.parse(payload.toString('utf8')), url);
        // undefined: answer with no body at all.
        payload = rewritten === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(rewritten), 'utf8');
      }
      outHeaders['content-length'] = String(payload.length);
      delete outHeaders['transfer-encoding'];
      res.writeHead(answer.statusCode ?? 502, outHeaders);
      res.end(payload);
    })().catch((error: unknown) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`hostile proxy: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
