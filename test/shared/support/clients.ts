// Helpers for the shared-features suites: clients for the fixture's people, and a tiny loopback
// HTTP server for answers the real service never gives (ties, replayed windows, held long-polls).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '../../../shared/client';
import type { MentionRow, Message } from '../../../shared/contract';

export const MARIA_TOKEN = 'hpt_member_rw';
export const OWNER_TOKEN = 'hpt_owner_all';
export const GENERAL_CHANNEL = 'c0000000-0000-4000-8000-000000000001';

export function clientFor(baseUrl: string, token: string, extra: Partial<ConstructorParameters<typeof Client>[0]> = {}): Client {
  return new Client({ baseUrl, token, clientName: 'shared-features-test', ...extra });
}

export interface FakeRequest {
  path: string;
  query: URLSearchParams;
  req: IncomingMessage;
  res: ServerResponse;
}

export interface FakeServer {
  url: string;
  requests: FakeRequest[];
  /** Requests still waiting for an answer. */
  open(): number;
  close(): Promise<void>;
}

/** `handle` answers (or holds) each request; held requests end when the client leaves or on close(). */
export async function startFakeServer(handle: (r: FakeRequest) => void): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  let openCount = 0;
  const server = createServer((req, res) => {
    openCount += 1;
    res.on('close', () => (openCount -= 1));
    const url = new URL(req.url ?? '/', 'http://x');
    const r = { path: url.pathname, query: url.searchParams, req, res };
    requests.push(r);
    handle(r);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    open: () => openCount,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export function mentionRow(id: string, created_at: string): MentionRow {
  const message: Message = {
    id,
    channel_id: GENERAL_CHANNEL,
    parent_id: null,
    author: { id: 'a-1', kind: 'person', name: 'Olivia', handle: 'olivia' },
    body: `@maria ${id}`,
    created_at,
    edited_at: null,
    via: null,
    reply_count: 0,
    url: `http://x/w/w/c/${GENERAL_CHANNEL}/m/${id}`,
  };
  return { ...message, reason: 'mention', context: [] };
}

/** Resolves once `predicate` holds, polling every 10 ms, or rejects after `ms`. */
export async function until(predicate: () => boolean, ms = 5_000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
