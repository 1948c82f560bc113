// Every route refuses a request addressed by another name (DNS rebinding) or sent by a web page of
// another site, before it authenticates or routes; --allow-remote names the extra names allowed.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type RunningEmulator } from '../../emulator/server';
import { parseServeArgs } from '../../emulator/serve';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { TOKENS, type Loose } from './support/api';

interface RawAnswer {
  status: number;
  body: Loose;
}

/** A raw request: fetch() will not send another Host, a rebound page's request does. */
function raw(base: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c)).on('end', () => {
        let parsed: Loose = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON: kept as text
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The status line of a WebSocket upgrade of the realtime path. */
function upgradeStatus(base: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/realtime/v1/websocket?vsn=1.0.0`, {
      headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', ...headers },
    });
    req.on('upgrade', (res, socket) => (socket.destroy(), resolve(res.statusCode ?? 0)));
    req.on('response', (res) => (res.resume(), resolve(res.statusCode ?? 0)));
    req.on('error', reject);
    req.end();
  });
}

const MCP_INIT = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('Host and Origin checks (bound to loopback)', () => {
  let em: TestEmulator;
  let port: string;
  beforeAll(async () => {
    em = await startEmulator();
    port = new URL(em.url).port;
  });
  afterAll(() => em.stop());

  const auth = () => ({ authorization: `Bearer ${TOKENS.maria}` });

  it('refuses a rebound Host with 403 on REST, MCP, discovery and the server card', async () => {
    const evil = { host: `evil.example.com:${port}` };
    for (const [method, path, body] of [
      ['GET', '/api/v1/me', undefined],
      ['GET', '/api', undefined],
      ['GET', '/.well-known/mcp/server-card.json', undefined],
      ['POST', '/api/mcp', MCP_INIT],
      ['GET', '/no/such/path', undefined],
    ] as const) {
      const r = await raw(em.url, method, path, { ...auth(), ...MCP_HEADERS, ...evil }, body);
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body.error.code).toBe('permission_required');
      expect(r.body.error.message).toContain('evil.example.com');
      expect(r.body.error.hint).toContain('--allow-remote');
    }
  });

  it('refuses a page of another site (Origin, Sec-Fetch-Site) with 403, also without a token', async () => {
    for (const headers of [{ origin: 'http://evil.example.com' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
      expect((await raw(em.url, 'GET', '/api/v1/me', { ...auth(), ...headers })).status).toBe(403);
      expect((await raw(em.url, 'POST', '/api/mcp', { ...MCP_HEADERS, ...headers }, MCP_INIT)).status).toBe(403);
    }
  });

  it('accepts loopback names and local pages', async () => {
    for (const headers of [{ host: `localhost:${port}` }, { host: `127.0.0.1:${port}` }, { host: `[::1]:${port}` }, { origin: 'http://localhost:5173' }, { origin: `http://127.0.0.1:${port}` }] as Record<string, string>[]) {
      expect((await raw(em.url, 'GET', '/api/v1/me', { ...auth(), ...headers })).status, JSON.stringify(headers)).toBe(200);
    }
    expect((await raw(em.url, 'POST', '/api/mcp', { ...auth(), ...MCP_HEADERS, host: `localhost:${port}`, origin: `http://localhost:${port}` }, MCP_INIT)).status).toBe(200);
  });

  it('refuses the realtime upgrade from a rebound Host or another site, and takes it from loopback', async () => {
    expect(await upgradeStatus(em.url, { host: `evil.example.com:${port}` })).toBe(403);
    expect(await upgradeStatus(em.url, { origin: 'https://evil.example.com' })).toBe(403);
    expect(await upgradeStatus(em.url, {})).toBe(101);
  });
});

describe('--allow-remote NAMES', () => {
  let em: RunningEmulator;
  beforeAll(async () => {
    em = await createEmulator({ allowedHosts: ['box.lan'] });
  });
  afterAll(() => em.close());

  it('accepts the named hosts and origins besides loopback, and still refuses others', async () => {
    const token = { authorization: 'Bearer hpt_local_owner' };
    expect((await raw(em.url, 'GET', '/api/v1/me', { ...token, host: 'box.lan:8787' })).status).toBe(200);
    expect((await raw(em.url, 'GET', '/api/v1/me', { ...token, origin: 'http://box.lan:3000' })).status).toBe(200);
    expect((await raw(em.url, 'GET', '/api/v1/me', { ...token, host: 'evil.example.com' })).status).toBe(403);
    // The control API stays this machine's: a remote name is refused there.
    expect((await raw(em.url, 'GET', '/_emulator/state', { host: 'box.lan', 'x-emulator-key': em.controlKey })).status).toBe(403);
  });

  it('takes an explicit list: names, addresses or origins, never nothing', () => {
    expect(parseServeArgs(['--host', '0.0.0.0', '--allow-remote', 'box.lan,192.168.1.20,https://Team.example:8443'])).toMatchObject({
      allowRemote: true,
      allowedHosts: ['box.lan', '192.168.1.20', 'team.example'],
    });
    expect(parseServeArgs(['--host', '0.0.0.0', '--allow-remote'])).toMatch(/--allow-remote needs the host names/);
    expect(parseServeArgs(['--host', '0.0.0.0', '--allow-remote', 'a b'])).toMatch(/not a host name/);
  });
});
