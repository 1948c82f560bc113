import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, isApiError, redact, redactingLogger, type ApiError } from '../../../shared';
import { capturingLogger, fixedRandom, recordingClock } from '../support/fakes';
import { sendJson, startLoopbackServer, type LoopbackServer } from '../support/loopback-server';

const TOKEN = 'hpt_live_9f8e7d6c5b4a39281706';
const PLAIN_TOKEN = 'plain-secret-without-prefix-1234';

let server: LoopbackServer;
beforeAll(async () => {
  // A careless server that echoes the Authorization header into its errors and pages.
  server = await startLoopbackServer((req, res) => {
    const auth = String(req.headers.authorization);
    if (req.url.startsWith('/api/v1/me')) {
      sendJson(res, 401, { error: { code: 'unauthorized', message: `token ${auth} was revoked`, hint: `mint a new one, not ${auth.slice(7)}` } }, { 'www-authenticate': 'Bearer' });
    } else if (req.url.startsWith('/api/v1/channels')) {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end(`<pre>${auth}</pre>`);
    } else {
      sendJson(res, 500, { error: { code: 'internal', message: `crash with ${auth}`, hint: 'retry' } });
    }
  });
});
afterAll(() => server.close());

async function failWith(client: Client, call: (c: Client) => Promise<unknown>): Promise<ApiError> {
  const e = await call(client).catch((err: unknown) => err);
  if (!isApiError(e)) throw new Error('expected an ApiError');
  return e;
}

function everyRendering(e: ApiError): string {
  return [e.message, e.hint, e.path, String(e), e.stack ?? '', inspect(e, { depth: 5, showHidden: true }), JSON.stringify(e)].join('\n');
}

describe('a token never leaves the layer', () => {
  it.each([
    ['prefixed token', TOKEN],
    ['token without a known prefix', PLAIN_TOKEN],
  ])('%s: errors, stacks, inspect, JSON and every log line', async (_label, token) => {
    const log = capturingLogger();
    const client = new Client({ baseUrl: server.url, token, clientName: 'redact-test', clock: recordingClock(), random: fixedRandom(), logger: log, retry: { maxAttempts: 3 } });
    try {
      const errors = [
        await failWith(client, (c) => c.me()),
        await failWith(client, (c) => c.channels()),
        await failWith(client, (c) => c.getDoc('d1')),
        await failWith(client, (c) => c.postMessage('c', { body: 'x' })),
      ];
      expect(errors[0]?.message).toBe('token Bearer [redacted] was revoked');
      for (const e of errors) expect(everyRendering(e)).not.toContain(token);
      expect(inspect(client, { depth: 5, showHidden: true })).not.toContain(token);
      expect(JSON.stringify(client)).not.toContain(token);
      expect(log.lines.length).toBeGreaterThan(4);
      for (const line of log.lines) expect(line).not.toContain(token);
    } finally {
      await client.close();
    }
  });

  it('redact() strips bearer values and hpt_/mgo_ tokens', () => {
    expect(redact('Authorization: Bearer abc.def-ghi')).toBe('Authorization: Bearer [redacted]');
    expect(redact('use hpt_AbC123_x and mgo_zz9 now')).toBe('use [redacted] and [redacted] now');
    expect(redact('nothing here')).toBe('nothing here');
    expect(redact('k=s3cr3t-value', ['s3cr3t-value'])).toBe('k=[redacted]');
    expect(redact('Bearer hpt_x1 and bearer XyZ')).toBe('Bearer [redacted] and bearer [redacted]');
  });

  it('redact() keeps the words that describe a token, so hints stay readable', () => {
    for (const hint of [
      'Create a personal token (hpt_...) in the workspace settings under Connections and send it as `Authorization: Bearer <token>`.',
      'Paste a token (hpt_…), or run with Authorization: Bearer $WSC_TOKEN.',
      'Send a Bearer token; Bearer authentication is required.',
    ]) {
      expect(redact(hint)).toBe(hint);
    }
  });

  it('the redacting logger cleans messages and nested fields', () => {
    const inner = capturingLogger();
    const logger = redactingLogger(inner, [PLAIN_TOKEN]);
    logger.warn(`saw ${TOKEN}`, { nested: { list: [`Bearer ${PLAIN_TOKEN}`] }, n: 1 });
    expect(inner.lines[0]).toBe('warn saw [redacted] {"nested":{"list":["Bearer [redacted]"]},"n":1}');
  });
});
