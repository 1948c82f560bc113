// A real HTTP proxy on loopback in front of the local service that renames fields in its JSON
// answers (emulator/variants.ts renameFields): the service as it would be if it named `author` or a
// channel's `kind` otherwise. Requests pass through unchanged.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { renameFields } from '../../emulator/variants';

export interface RenamingProxy {
  url: string;
  close(): Promise<void>;
}

export async function startRenamingProxy(target: string, names: Readonly<Record<string, string>>): Promise<RenamingProxy> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k, v]) => v !== undefined && !['host', 'accept-encoding', 'connection', 'content-length'].includes(k)),
      ) as Record<string, string>;
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      request(`${target}${req.url ?? '/'}`, { method: (req.method ?? 'GET') as 'GET', headers, ...(body ? { body } : {}) })
        .then(async (answer) => {
          const text = await answer.body.text();
          const type = String(answer.headers['content-type'] ?? '');
          const out = type.includes('json') && text !== '' ? JSON.stringify(renameFields(JSON.parse(text), names)) : text;
          res.writeHead(answer.statusCode, { 'content-type': type || 'text/plain' });
          res.end(out);
        })
        .catch((error: unknown) => {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(String(error));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
