// A hostile or broken server cannot make the client hold an answer of any size, keep a call
// going for minutes, or retry an answer that cannot get better. The servers are small scripted
// stubs on loopback (a hostile service is what cannot run here); the client is the real one.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Client, NetworkError, readRunEvents, ResponseTooLargeError, UnexpectedResponseError, type RunReaderEvent } from '../../../shared';
import { recordingClock, fixedRandom } from '../support/fakes';
import { cliEnv, makeHome, runWsc } from '../../cli/run-wsc';

interface Stub {
  url: string;
  /** Requests that reached the stub. */
  hits: string[];
  /** Answers whose socket closed before the stub finished writing them. */
  cutShort: number;
  close(): Promise<void>;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** A loopback server answering every request with `answer`; `answer` returns when it has finished writing. */
async function stub(answer: (res: ServerResponse, stub: Stub) => void): Promise<Stub> {
  const sockets = new Set<Socket>();
  const state: Stub = { url: '', hits: [], cutShort: 0, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    state.hits.push(`${req.method ?? ''} ${req.url ?? ''}`);
    res.on('close', () => {
      if (!res.writableFinished) state.cutShort += 1;
    });
    answer(res, state);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  cleanups.push(() => state.close());
  return state;
}

function client(url: string, extra: Partial<ConstructorParameters<typeof Client>[0]> = {}): Client {
  const c = new Client({ baseUrl: url, token: 'hpt_hostile_server', clientName: 'hostile-server-test', random: fixedRandom(0.5), ...extra });
  cleanups.push(() => c.close());
  return c;
}

const ONE_MIB = 1024 * 1024;

/** A valid channels answer of about `bytes` bytes. */
function bigChannelsJson(bytes: number): string {
  const channel = { id: 'c1', name: 'general', kind: 'public', topic: 'x'.repeat(1000) };
  const count = Math.ceil(bytes / JSON.stringify(channel).length);
  return JSON.stringify({ channels: Array.from({ length: count }, (_, i) => ({ ...channel, id: `c${i}` })) });
}

/** Writes `body` in 64 KiB pieces, each after the last has drained, so a reader that stops is seen. */
function streamBody(res: ServerResponse, body: Buffer): void {
  let at = 0;
  const next = (): void => {
    while (at < body.length && !res.destroyed) {
      const piece = body.subarray(at, at + 65_536);
      at += piece.length;
      if (!res.write(piece)) {
        res.once('drain', next);
        return;
      }
    }
    if (!res.destroyed) res.end();
  };
  next();
}

describe('answer size cap (maxResponseBytes)', () => {
  it('stops reading a 16 MiB answer at a 1 MiB cap, names the setting, and does not retry', async () => {
    const body = Buffer.from(bigChannelsJson(16 * ONE_MIB));
    const server = await stub((res) => {
      res.writeHead(200, { 'content-type': 'application/json' }); // no Content-Length: only reading tells
      streamBody(res, body);
    });
    const error = await client(server.url, { maxResponseBytes: ONE_MIB }).channels().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as Error).message).toMatch(/maxResponseBytes/);
    expect((error as Error).message).toMatch(/1 MiB/);
    expect(server.hits).toHaveLength(1);
    // The client hung up instead of reading on (the stub sees its socket close mid-answer).
    await vi.waitFor(() => expect(server.cutShort).toBe(1), { timeout: 30_000, interval: 20 });
  });

  it('refuses an announced Content-Length above the cap before reading the body', async () => {
    const body = Buffer.from(bigChannelsJson(4 * ONE_MIB));
    const server = await stub((res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
      streamBody(res, body);
    });
    const error = await client(server.url, { maxResponseBytes: ONE_MIB }).channels().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(server.hits).toHaveLength(1);
  });

  it('caps a small gzip body that decodes to more than the cap', async () => {
    const bomb = gzipSync(Buffer.from(bigChannelsJson(8 * ONE_MIB)));
    expect(bomb.length).toBeLessThan(ONE_MIB);
    const server = await stub((res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(bomb);
    });
    const error = await client(server.url, { maxResponseBytes: ONE_MIB }).channels().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(server.hits).toHaveLength(1);
  });

  it('reads an answer under the cap as before', async () => {
    const server = await stub((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ channels: [{ id: 'c1', name: 'general', kind: 'public' }] }));
    });
    const channels = await client(server.url, { maxResponseBytes: ONE_MIB }).channels();
    expect(channels.map((c) => c.name)).toEqual(['general']);
  });

  it('rejects a cap that is not a positive whole number, naming it', () => {
    expect(() => new Client({ baseUrl: 'http://127.0.0.1:9', token: 't', clientName: 'x', maxResponseBytes: 0 })).toThrow(/maxResponseBytes/);
  });
});

describe('overall deadline per call (callDeadlineMs)', () => {
  it('ends a call to a server that trickles its answer a byte at a time', async () => {
    const server = await stub((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{');
      const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(' ')), 20);
      res.on('close', () => clearInterval(timer));
    });
    // Per-attempt timeouts alone (40 s each, 5 attempts) would let this run for minutes.
    const error = await client(server.url, { callDeadlineMs: 1_500 }).channels().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toMatch(/callDeadlineMs/);
    expect(server.hits.length).toBeGreaterThanOrEqual(1);
  });

  it('gives a long-poll its own wait on top of the deadline', async () => {
    const server = await stub((res) => {
      // Answers the long-poll after a second: longer than the call deadline, shorter than the wait.
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ mentions: [], next_since: null }));
      }, 1_000);
    });
    const answer = await client(server.url, { callDeadlineMs: 200 }).mentions({ wait_ms: 20_000 });
    expect(answer.mentions).toEqual([]);
  });
});

describe('no retrying of what cannot get better', () => {
  const htmlPage = (status: number) => (res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>Sign in</title><p>Please sign in</p>');
  };

  it('an HTML 500 page is final at once', async () => {
    const server = await stub(htmlPage(500));
    const error = await client(server.url, { clock: recordingClock() }).channels().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(server.hits).toHaveLength(1);
  });

  it('an answer in another content-type at 500 is final at once', async () => {
    const server = await stub((res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('oops');
    });
    await client(server.url, { clock: recordingClock() }).channels().catch(() => undefined);
    expect(server.hits).toHaveLength(1);
  });

  it('the run-event reader stops on an HTML 502 after one call, instead of retrying it for a minute', async () => {
    const server = await stub(htmlPage(502));
    const clock = recordingClock();
    const c = client(server.url, { clock, retry: { maxAttempts: 3 } });
    const events: RunReaderEvent[] = [];
    for await (const event of readRunEvents({ client: c, runId: 'run_1', clock, random: fixedRandom(0.5) })) events.push(event);
    const end = events.at(-1);
    expect(end).toMatchObject({ type: 'end', reason: 'failed' });
    expect((end as { error?: unknown }).error).toBeInstanceOf(UnexpectedResponseError);
    // One call: its own 3 attempts at a gateway page, and no reader retries around it (which would make it 8 × 5).
    expect(server.hits).toHaveLength(3);
    expect(events.filter((e) => e.type === 'error')).toHaveLength(0);
  });
});

describe('wsc against a hostile server', () => {
  it('wsc channels stops at WSC_MAX_RESPONSE_BYTES and says which setting to raise (exit 6)', async () => {
    const body = Buffer.from(bigChannelsJson(8 * ONE_MIB));
    const server = await stub((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      streamBody(res, body);
    });
    const result = await runWsc(['channels'], { env: cliEnv(makeHome(), { url: server.url, token: 'hpt_hostile_server', extra: { WSC_MAX_RESPONSE_BYTES: String(ONE_MIB) } }) });
    expect(result.code).toBe(6);
    expect(result.stderr).toMatch(/larger than the client's limit of 1 MiB/);
    expect(result.stderr).toMatch(/WSC_MAX_RESPONSE_BYTES/);
    expect(result.stderr).not.toContain('hpt_hostile_server');
    // The list asked once, not retried (beside it, one GET /me learns who reads, for DM names).
    expect(server.hits.filter((hit) => hit.includes('/channels'))).toHaveLength(1);
    expect(server.hits.filter((hit) => !hit.includes('/channels'))).toEqual(['GET /api/v1/me']);
  });

  it('wsc events stops on an HTML 502 after one call (exit 6), instead of a minute of reconnecting', async () => {
    const server = await stub((res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body>Bad gateway</body></html>');
    });
    const result = await runWsc(['events', 'run_1'], { env: cliEnv(makeHome(), { url: server.url, token: 'hpt_hostile_server' }) });
    expect(result.code).toBe(6);
    expect(result.stderr).toMatch(/HTML page/);
    expect(result.stderr).not.toMatch(/reconnecting/);
    expect(server.hits.length).toBeLessThanOrEqual(5);
  });
});
