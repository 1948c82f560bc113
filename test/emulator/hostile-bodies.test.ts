// Hostile request bodies (service side): text that is not well-formed is refused with a 400
// and a hint instead of silently becoming U+FFFD, and an abandoned upload is not logged as an
// internal error with a stack trace.
import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Fixture } from '../../emulator/fixture';
import { createEmulator, type RunningEmulator } from '../../emulator/server';
import { api, expectError, IDS, request, TOKENS, type Loose } from './support/api';

let em: RunningEmulator;
beforeAll(async () => {
  em = await createEmulator({ fixture: JSON.parse(readFileSync('test/fixtures/basic.json', 'utf8')) as Fixture });
});
afterAll(() => em.close());
afterEach(() => vi.restoreAllMocks());

const POSTS = `/api/v1/channels/${IDS.general}/messages`;
const postRaw = (body: string | Buffer) =>
  fetch(`${em.url}${POSTS}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKENS.maria}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
const bodies = async (): Promise<string[]> =>
  ((await api(em.url, TOKENS.maria, 'GET', `${POSTS}?limit=100`)).body.messages as Loose[]).map((m) => m.body as string);

describe('text that is not well-formed', () => {
  it('invalid UTF-8 bytes (an encoded lone surrogate) are a 400 with a hint, and nothing is stored', async () => {
    const before = await bodies();
    const bytes = Buffer.concat([Buffer.from('{"body":"cut '), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from(' here"}')]);
    const res = await postRaw(bytes);
    const answer = { status: res.status, headers: res.headers, body: (await res.json()) as Loose };
    expectError(answer, 400, 'invalid_request');
    expect(answer.body.error.message).toMatch(/not valid UTF-8/);
    expect(answer.body.error.hint).toMatch(/lone surrogate/);
    expect(await bodies()).toEqual(before);
  });

  it('an escaped lone surrogate is a 400; an escaped pair is the character it encodes', async () => {
    const lone = await postRaw('{"body":"half \\ud83d of a face"}');
    expectError({ status: lone.status, headers: lone.headers, body: (await lone.json()) as Loose }, 400, 'invalid_request');
    const keyOnly = await postRaw('{"body":"fine","\\udc00":1}');
    expect(keyOnly.status).toBe(400);
    const pair = await postRaw('{"body":"a whole \\ud83d\\ude00 face"}');
    expect(pair.status).toBe(201);
    expect(await bodies()).toContain('a whole 😀 face');
    expect((await bodies()).some((b) => b.includes('\uFFFD'))).toBe(false);
  });
});

describe('an abandoned upload', () => {
  it('is not logged as an internal error with a stack trace', async () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const seen = new Promise<IncomingMessage>((resolve) => em.server.once('request', resolve));
    const port = Number(new URL(em.url).port);
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST ${POSTS} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKENS.maria}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"body":"half an upl`,
      );
    });
    socket.on('error', () => undefined);
    const req = await seen;
    const closed = new Promise<void>((resolve) => req.once('close', () => resolve()));
    socket.destroy();
    await closed;
    // One full round trip after the abort: the pipeline has finished with the abandoned request.
    expect((await request(em.url, TOKENS.maria, 'GET', '/api/v1/me')).status).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(written.join('')).toBe('');
  });
});
