// A loopback HTTP forwarder that adds `Authorization: Bearer <token>` to every request and passes
// everything else through unchanged (method, path, body, Host and Origin included). The official
// MCP conformance suite connects without credentials and has no option to send any; the service
// it tests (`wsc serve --demo`) refuses requests without a token, as an agent's client would never
// send them. The service still judges every Host and Origin itself.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BearerForwarder {
  url: string;
  close(): Promise<void>;
}

export async function startBearerForwarder(target: string, token: string): Promise<BearerForwarder> {
  const to = new URL(target);
  const server: Server = createServer((req, res) => {
    const upstream = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: { ...req.headers, authorization: `Bearer ${token}` } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`forwarder: ${error.message}`);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
