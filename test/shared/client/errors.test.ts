import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  Client,
  ConflictError,
  InternalError,
  InvalidRequestError,
  isApiError,
  NetworkError,
  NotFoundError,
  PermissionRequiredError,
  RateLimitedError,
  UnauthorizedError,
  UnexpectedResponseError,
} from '../../../shared';
import { fixedRandom, recordingClock } from '../support/fakes';
import { sendError, sendJson, startLoopbackServer, type LoopbackServer } from '../support/loopback-server';

// One scripted answer per request path, so every case is one real HTTP exchange.
const answers: Record<string, (res: ServerResponse) => void> = {
  '/api/v1/me': (res) => sendJson(res, 200, { kind: 'person', userId: 'u1' }),
  '/api/v1/docs/html': (res) => {
    res.writeHead(502, { 'content-type': 'text/html' });
    res.end('<html><body>Bad gateway</body></html>');
  },
  '/api/v1/docs/truncated': (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"id":"d1","title":"Trunc');
  },
  '/api/v1/docs/empty': (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end();
  },
  '/api/v1/docs/nocontent': (res) => {
    res.writeHead(204);
    res.end();
  },
  '/api/v1/docs/text': (res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('{"id":"d1"}');
  },
  '/api/v1/docs/wrong-error-shape': (res) => sendJson(res, 404, { message: 'nope' }),
  '/api/v1/docs/conflict': (res) => sendError(res, 409, 'conflict', { current_updated_at: '2026-01-02T03:04:05.678901Z' }),
  '/api/v1/docs/invalid': (res) => sendError(res, 400, 'invalid_request'),
  '/api/v1/docs/unauthorized': (res) => sendError(res, 401, 'unauthorized', {}, { 'www-authenticate': 'Bearer' }),
  '/api/v1/docs/forbidden': (res) => sendError(res, 403, 'permission_required'),
  '/api/v1/docs/missing': (res) => sendError(res, 404, 'not_found'),
  '/api/v1/docs/limited': (res) => sendError(res, 429, 'rate_limited', {}, { 'retry-after': '7' }),
  '/api/v1/docs/limited-date': (res) => sendError(res, 429, 'rate_limited', {}, { 'retry-after': new Date(1_700_000_000_000 + 4_000).toUTCString() }),
  '/api/v1/docs/internal': (res) => sendError(res, 500, 'internal'),
  '/api/v1/docs/teapot': (res) => sendError(res, 418, 'brewing'),
  '/api/v1/docs/unknown-5xx': (res) => sendError(res, 503, 'overloaded'),
};

let server: LoopbackServer;
let client: Client;

beforeAll(async () => {
  server = await startLoopbackServer((req, res) => {
    const path = req.url.split('?')[0] ?? '';
    const answer = answers[path];
    if (answer) answer(res);
    else sendError(res, 404, 'not_found');
  });
  // One attempt: these tests are about parsing, not retrying.
  client = new Client({ baseUrl: server.url, token: 'hpt_parse_secret', clientName: 'errors-test', clock: recordingClock(), random: fixedRandom(), retry: { maxAttempts: 1 } });
});

afterAll(async () => {
  await client.close();
  await server.close();
});

async function failure(id: string): Promise<ApiError> {
  try {
    await client.getDoc(id);
  } catch (e) {
    if (isApiError(e)) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}

describe('documented error bodies become typed errors', () => {
  it.each([
    ['invalid', InvalidRequestError, 'invalid_request', 400],
    ['unauthorized', UnauthorizedError, 'unauthorized', 401],
    ['forbidden', PermissionRequiredError, 'permission_required', 403],
    ['missing', NotFoundError, 'not_found', 404],
    ['conflict', ConflictError, 'conflict', 409],
    ['limited', RateLimitedError, 'rate_limited', 429],
    ['internal', InternalError, 'internal', 500],
  ] as const)('%s → %s', async (id, cls, code, status) => {
    const e = await failure(id);
    expect(e).toBeInstanceOf(cls);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toBeInstanceOf(Error);
    expect(e.code).toBe(code);
    expect(e.status).toBe(status);
    expect(e.path).toBe(`/api/v1/docs/${id}`);
    expect(e.message).toBe(`failed with ${code}`);
    expect(e.hint).toBe(`do something about ${code}`);
  });

  it('carries current_updated_at of a 409', async () => {
    expect((await failure('conflict')).currentUpdatedAt).toBe('2026-01-02T03:04:05.678901Z');
  });

  it('reads Retry-After in seconds and as an HTTP date', async () => {
    expect((await failure('limited')).retryAfterMs).toBe(7000);
    expect((await failure('limited-date')).retryAfterMs).toBe(4000);
  });

  it('keeps an unknown code, classed by status when the status is documented', async () => {
    const teapot = await failure('teapot');
    expect(teapot.constructor).toBe(ApiError);
    expect(teapot.code).toBe('brewing');
    const overloaded = await failure('unknown-5xx');
    expect(overloaded).toBeInstanceOf(InternalError);
    expect(overloaded.code).toBe('overloaded');
  });

  it('serialises to JSON with code, message, hint, status and path', async () => {
    const json = JSON.parse(JSON.stringify(await failure('missing'))) as Record<string, unknown>;
    expect(json).toMatchObject({ name: 'NotFoundError', code: 'not_found', status: 404, path: '/api/v1/docs/missing' });
  });
});

describe('answers that are not the documented shape become UnexpectedResponseError', () => {
  it.each([
    ['html', 502, /HTML page/],
    ['truncated', 200, /truncated or invalid JSON/],
    ['empty', 200, /empty body/],
    ['nocontent', 204, /empty body/],
    ['text', 200, /content-type "text\/plain"/],
    ['wrong-error-shape', 404, /not the \{error/],
  ] as const)('%s', async (id, status, message) => {
    const e = await failure(id);
    expect(e).toBeInstanceOf(UnexpectedResponseError);
    expect(e.code).toBe('unexpected_response');
    expect(e.status).toBe(status);
    expect(e.path).toBe(`/api/v1/docs/${id}`);
    expect(e.message).toMatch(message);
    expect(e.hint.length).toBeGreaterThan(10);
  });

  it('a list answer without its list key', async () => {
    // /api/v1/me answers an object; asking for channels at a server that answers `{}` is the same case.
    const odd = await startLoopbackServer((_req, res) => sendJson(res, 200, { something: [] }));
    const c = new Client({ baseUrl: odd.url, token: 'hpt_x', clientName: 't' });
    try {
      await expect(c.channels()).rejects.toBeInstanceOf(UnexpectedResponseError);
    } finally {
      await c.close();
      await odd.close();
    }
  });
});

describe('a bad service URL', () => {
  it.each([['localhost:4010'], ['ftp://example.com'], ['not a url'], ['https://user:pw@example.com']])('%s is refused at construction', (baseUrl) => {
    expect(() => new Client({ baseUrl, token: 'hpt_x', clientName: 't' })).toThrow(/not an http\(s\) address/);
  });
});

describe('no answer at all', () => {
  it('a refused connection is a NetworkError with status 0', async () => {
    const gone = await startLoopbackServer(() => {});
    const url = gone.url;
    await gone.close();
    const c = new Client({ baseUrl: url, token: 'hpt_x', clientName: 't', retry: { maxAttempts: 1 } });
    try {
      const e = await c.me().catch((err: unknown) => err);
      expect(e).toBeInstanceOf(NetworkError);
      expect((e as NetworkError).status).toBe(0);
      expect((e as NetworkError).message).toMatch(/Could not reach the service/);
      expect((e as NetworkError).hint).toMatch(/running/);
    } finally {
      await c.close();
    }
  });

  it('an attempt past its timeout is a NetworkError saying so', async () => {
    const slow = await startLoopbackServer(() => {
      /* never answers */
    });
    const c = new Client({ baseUrl: slow.url, token: 'hpt_x', clientName: 't', retry: { maxAttempts: 1 } });
    try {
      const e = await c.me({ timeoutMs: 100 }).catch((err: unknown) => err);
      expect(e).toBeInstanceOf(NetworkError);
      expect((e as NetworkError).message).toMatch(/within 100 ms/);
    } finally {
      await c.close();
      await slow.close();
    }
  });
});
