// Hostile connections: idle sockets that never send headers must not lock real clients out.
// Small limits keep the test bounded; the defaults are in emulator/http/connection-limits.ts.
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Fixture } from '../../emulator/fixture';
import { parseServeArgs } from '../../emulator/serve';
import { createEmulator, type RunningEmulator } from '../../emulator/server';
import { api, TOKENS } from './support/api';

const LIMITS = { maxConnections: 20, headersTimeoutMs: 400, requestTimeoutMs: 400, keepAliveTimeoutMs: 400 };

let em: RunningEmulator;
let port: number;
beforeAll(async () => {
  em = await createEmulator({ fixture: JSON.parse(readFileSync('test/fixtures/basic.json', 'utf8')) as Fixture, connectionLimits: LIMITS });
  port = Number(new URL(em.url).port);
});
afterAll(() => em.close());

const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.destroy()));

/** A connected socket that sends `send` (nothing by default) and then stays silent. */
function idleSocket(send = ''): Promise<{ socket: Socket; closed: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', () => undefined); // an evicted socket may see ECONNRESET
    const closed = new Promise<string>((done) => socket.once('close', () => done(received)));
    socket.once('connect', () => {
      if (send) socket.write(send);
      resolve({ socket, closed });
    });
    socket.once('error', reject);
  });
}

const openConnections = () => new Promise<number>((resolve, reject) => em.server.getConnections((e, n) => (e ? reject(e) : resolve(n))));

describe('connection limits', () => {
  it('a flood of idle sockets stays under the cap; a normal client and a running long-poll are still served', async () => {
    const newest = new Date(Date.now() + 365 * 86_400_000).toISOString();
    const poll = api(em.url, TOKENS.maria, 'GET', `/api/v1/me/mentions?since=${encodeURIComponent(newest)}&wait_ms=1500`);
    const flood = await Promise.all(Array.from({ length: 3 * LIMITS.maxConnections }, () => idleSocket()));
    const me = await api(em.url, TOKENS.maria, 'GET', '/api/v1/me');
    expect(me.status).toBe(200);
    expect(await openConnections()).toBeLessThanOrEqual(LIMITS.maxConnections);
    // The long-poll outlived requestTimeoutMs: that timeout covers receiving the request, not the hold.
    const answer = await poll;
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.body.mentions)).toBe(true);
    await Promise.all(flood.map((f) => f.closed));
  });

  it('sockets that never finish their headers are closed after the header timeout, slow ones with a JSON 408', async () => {
    const silent = await Promise.all([idleSocket(), idleSocket(), idleSocket()]);
    const slow = await idleSocket('GET /api/v1/me HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await Promise.all(silent.map((s) => s.closed));
    const answer = await slow.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).error.code).toBe('invalid_request');
    expect((await api(em.url, TOKENS.maria, 'GET', '/api/v1/me')).status).toBe(200);
  });

  it('a peer that never reads cannot keep its timed-out socket open on the server', async () => {
    const deaf = await Promise.all(Array.from({ length: 5 }, () => new Promise<Socket>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve(socket));
      socket.on('error', () => undefined);
      sockets.push(socket); // no 'data' listener: it never reads the 408, so it never closes its side
    })));
    expect(deaf).toHaveLength(5);
    await vi.waitFor(async () => expect(await openConnections()).toBe(0), { timeout: 20_000, interval: 100 });
  });
});

describe('wsc serve connection flags', () => {
  it('--max-connections and --headers-timeout-ms set the limits; nonsense is refused with an example', () => {
    expect(parseServeArgs(['--max-connections', '5', '--headers-timeout-ms', '500'])).toMatchObject({ connectionLimits: { maxConnections: 5, headersTimeoutMs: 500 } });
    expect(parseServeArgs(['--max-connections', '0'])).toMatch(/--max-connections needs a whole number .* e\.g\. --max-connections 256/);
    expect(parseServeArgs(['--headers-timeout-ms', 'soon'])).toMatch(/--headers-timeout-ms needs milliseconds/);
  });
});

describe('the default connection cap', () => {
  it('follows the open-file limit, leaving room for the store, within 256 and 10,000', async () => {
    const { defaultMaxConnections } = await import('../../emulator/http/connection-limits');
    const limits = (soft: string) => `Limit                     Soft Limit           Hard Limit           Units\nMax open files            ${soft}                 1048576              files\n`;
    expect(defaultMaxConnections(limits('1024'))).toBe(960);
    expect(defaultMaxConnections(limits('20000'))).toBe(10_000);
    expect(defaultMaxConnections(limits('256'))).toBe(256);
    expect(defaultMaxConnections(limits('unlimited'))).toBe(10_000);
    expect(defaultMaxConnections('')).toBe(960);
  });
});
