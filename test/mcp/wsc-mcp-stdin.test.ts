// `wsc mcp` at the edges of its stdin: a line that is not JSON-RPC is answered as JSON-RPC says
// (-32700 / -32600 with id null), and when the agent's input ends with requests in flight the
// bridge writes the answers that still arrive and then ends quietly: no made-up error, nothing on
// stderr.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, makeHome, runWsc } from '../cli/run-wsc';
import { TOKENS } from '../emulator/support/api';
import { startEmulator, type TestEmulator } from '../support/emulator';

let em: TestEmulator;
beforeAll(async () => {
  em = await startEmulator();
});
afterAll(() => em.stop());

const lines = (stdout: string) =>
  stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** A service whose /api/mcp answers each request after `delayMs` (never, when null). */
async function slowService(delayMs: number | null): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (delayMs === null) return;
      const { id } = JSON.parse(body) as { id: number };
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id, result: {} }));
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const PING = JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' });

describe('wsc mcp stdin', () => {
  it('answers a line that is not JSON with -32700 and one that is not JSON-RPC with -32600, then goes on', async () => {
    const r = await runWsc(['mcp'], { env: cliEnv(makeHome(), { url: em.url, token: TOKENS.maria }), input: `garbage\n{"foo":1}\n${PING}\n` });
    expect(r.code).toBe(0);
    const [parse, invalid, pong] = lines(r.stdout);
    expect(parse).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    expect((parse?.error as { message: string }).message).toMatch(/^Parse error: the line is not JSON/);
    expect(invalid).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    expect(pong).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
  });

  it('input ending while a request is in flight: the answer that still arrives is written, nothing else', async () => {
    const service = await slowService(400);
    try {
      const r = await runWsc(['mcp'], { env: cliEnv(makeHome(), { url: service.url, token: TOKENS.maria }), input: `${PING}\n` });
      expect(r.code).toBe(0);
      expect(lines(r.stdout)).toEqual([{ jsonrpc: '2.0', id: 3, result: {} }]);
      expect(r.stderr).toBe('');
    } finally {
      await service.close();
    }
  });

  it('input ending while a request never gets an answer: ends quietly, with no -32001 and nothing on stderr', async () => {
    const service = await slowService(null);
    try {
      const r = await runWsc(['mcp'], { env: cliEnv(makeHome(), { url: service.url, token: TOKENS.maria }), input: `${PING}\n`, timeoutMs: 15_000 });
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe('');
    } finally {
      await service.close();
    }
  });
});
