// Malformed input to EVERY endpoint of the service's endpoint table (seeded, bounded): never a
// 500, always `{error:{code,message,hint}}` as JSON on a 4xx, and the service stays up.
import { Agent, request } from 'node:http';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from './endpoints';
import { ERROR_CODES, STATUS_BY_CODE, type ErrorCode } from '../../../shared/contract';
import { loadFixture, startEmulator, type TestEmulator } from '../../support/emulator';
import { fuzzRequest, saneRequest, seededRandom, type FuzzRequest, type Ids } from './generators';

const SEED = Number(process.env.FUZZ_SEED ?? 20250101);
const CASES_PER_ENDPOINT = Number(process.env.FUZZ_CASES ?? 14);
const GOOD_TOKENS = ['hpt_owner_all', 'hpt_member_rw', 'hpt_member_read', 'hpt_guest_rw', 'hpt_admin_rw'];
const TEXT_ENDPOINTS = new Set(['/docs/api', '/docs/api.md']);

let emu: TestEmulator;
let ids: Ids;
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

beforeAll(async () => {
  const fixture = loadFixture('basic') as unknown as { messages: { id: string }[] };
  emu = await startEmulator();
  ids = {
    channel: 'c0000000-0000-4000-8000-000000000001',
    automation: '9a000000-0000-4000-8000-000000000001',
    doc: 'd0000000-0000-4000-8000-000000000001',
    task: 'f0000000-0000-4000-8000-000000000001',
    run: 'b0000000-0000-4000-8000-000000000001',
    message: fixture.messages[0]?.id ?? 'x',
    artifact: 'x',
  };
});
afterAll(async () => {
  agent.destroy();
  await emu.stop();
});

/** Percent-encodes what node:http refuses in a request path (spaces, controls, non-ASCII). */
function rawPath(path: string): string {
  return path.replace(/[^\x21-\x7e]/g, (c) => encodeURIComponent(c));
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

function send(req: FuzzRequest): Promise<Answer> {
  const url = new URL(emu.url);
  return new Promise((resolve, reject) => {
    const r = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: rawPath(req.path),
        headers: { ...req.headers, ...(req.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(req.body)) }) },
        timeout: 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    r.on('timeout', () => r.destroy(new Error('timed out')));
    r.on('error', reject);
    r.end(req.body);
  });
}

/** A success body as a replay must repeat it (a replay marks receipt.replayed and never repeats a one-time key). */
function comparable(text: string): string {
  const body = JSON.parse(text) as Record<string, unknown>;
  const { webhookKey: _key, ...rest } = body;
  const receipt = rest.receipt as Record<string, unknown> | undefined;
  return JSON.stringify(receipt ? { ...rest, receipt: { ...receipt, replayed: null } } : rest);
}

/** What is wrong with an answer, or null. */
function problem(req: FuzzRequest, a: Answer): string | null {
  if (a.status >= 500 || a.status < 100) return `status ${a.status}: ${a.text.slice(0, 200)}`;
  const type = String(a.headers['content-type'] ?? '');
  const path = req.path.split('?')[0] ?? '';
  if (a.status < 400) {
    if (TEXT_ENDPOINTS.has(path)) return null;
    return type.startsWith('application/json') ? null : `2xx with content-type ${type}`;
  }
  if (!type.startsWith('application/json')) return `${a.status} with content-type ${type}`;
  let body: unknown;
  try {
    body = JSON.parse(a.text);
  } catch {
    return `${a.status} with a body that is not JSON`;
  }
  const error = (body as { error?: { code?: unknown; message?: unknown; hint?: unknown } }).error;
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string' || typeof error.hint !== 'string') {
    return `${a.status} without {error:{code,message,hint}}: ${a.text.slice(0, 200)}`;
  }
  if (!(ERROR_CODES as readonly string[]).includes(error.code)) return `unknown code ${error.code}`;
  if (STATUS_BY_CODE[error.code as ErrorCode] !== a.status) return `code ${error.code} with status ${a.status}`;
  if (error.message.length === 0 || error.hint.length === 0) return 'empty message or hint';
  if (a.status === 401 && !a.headers['www-authenticate']) return '401 without WWW-Authenticate';
  if (a.status === 429 && !a.headers['retry-after']) return '429 without Retry-After';
  return null;
}

describe(`fuzz (seed ${SEED}, ${CASES_PER_ENDPOINT} cases per endpoint)`, () => {
  it('never answers 500 and always answers errors in the error shape, on every endpoint', async () => {
    const rand = seededRandom(SEED);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const endpoint of ENDPOINTS) {
      for (let i = 0; i < CASES_PER_ENDPOINT; i++) {
        const req = fuzzRequest(rand, endpoint, ids, GOOD_TOKENS);
        let answer: Answer;
        try {
          answer = await send(req);
        } catch (e) {
          failures.push(`${req.label}: no answer (${e instanceof Error ? e.message : String(e)})`);
          continue;
        }
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const p = problem(req, answer);
        if (p) failures.push(`${req.label.slice(0, 160)}: ${p}`);
      }
    }
    expect(failures.slice(0, 25), `seed ${SEED}; ${failures.length} failures`).toEqual([]);
    // The generator reaches past auth: some requests are refused for their input, some succeed.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(401) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(403) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
  });

  it('answers odd methods and unknown paths with the error shape', async () => {
    const cases: FuzzRequest[] = [
      { method: 'GET', path: '/api/v2/me', headers: {}, label: 'v2' },
      { method: 'GET', path: '/api/v1/../../etc/passwd', headers: {}, label: 'dotdot' },
      { method: 'GET', path: '/api/v1/%2e%2e/%2e%2e/etc/passwd', headers: {}, label: 'encoded dotdot' },
      { method: 'GET', path: `/api/${'a/'.repeat(2000)}`, headers: {}, label: 'deep' },
      { method: 'OPTIONS', path: '/api/v1/me', headers: {}, label: 'options' },
      { method: 'HEAD', path: '/api/v1/me', headers: {}, label: 'head' },
      { method: 'TRACE', path: '/api/v1/me', headers: {}, label: 'trace' },
      { method: 'DELETE', path: '/api/v1/me', headers: { authorization: 'Bearer hpt_owner_all' }, label: 'wrong method' },
      { method: 'GET', path: `/api/v1/me?q=${'x'.repeat(70_000)}`, headers: {}, label: 'headers over the parser limit' },
      { method: 'GET', path: '/api/v1/me', headers: { 'x-big': 'y'.repeat(70_000) }, label: 'one huge header' },
    ];
    for (const req of cases) {
      const a = await send(req);
      if (req.method === 'HEAD') {
        expect(a.status, req.label).toBeLessThan(500);
        continue;
      }
      expect(problem(req, a), req.label).toBeNull();
      expect(a.status, req.label).toBeGreaterThanOrEqual(400);
    }
    const odd = await send({ method: 'GET', path: '/api/v1/me?%=%&&&==', headers: { authorization: 'Bearer hpt_owner_all' }, label: 'odd query' });
    expect(odd.status).toBe(200); // unknown query parameters are ignored
  });

  it('survives garbage on the realtime websocket', async () => {
    const ws = new WebSocket(`${emu.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=nope&vsn=2.0.0`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const rand = seededRandom(SEED);
    for (let i = 0; i < 50; i++) {
      const junk = [
        '',
        '[',
        '[null,null,null,null,null]',
        JSON.stringify([null, '1', 'realtime:x', 'phx_join', { config: 'x'.repeat(1000) }]),
        JSON.stringify({ topic: 1, event: [], payload: 'x' }),
        Buffer.from([4, 255, 255, 255, 1]),
      ][Math.floor(rand() * 6)]!;
      ws.send(junk);
    }
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('x'.repeat(100 * 1024)); // over the frame limit: the server closes this socket
    expect(await closed).toBe(1009);
  });

  it('on every mutation endpoint: one key is one write however the path is spelled, and invalid UTF-8 is refused', async () => {
    const failures: string[] = [];
    const mutations = ENDPOINTS.filter((e) => e.mutation);
    for (const [n, endpoint] of mutations.entries()) {
      const { path, body } = saneRequest(endpoint, ids);
      const headers = { authorization: 'Bearer hpt_owner_all', 'content-type': 'application/json', 'idempotency-key': `fuzz-spelling-${n}` };
      const label = `${endpoint.method} ${endpoint.path}`;
      const answers: Answer[] = [];
      for (const spelling of [path, `${path}/`, path.replace('/api/v1/', '/api/v1//')]) {
        const req: FuzzRequest = { method: endpoint.method, path: spelling, headers, body: JSON.stringify(body), label: `${label} as ${spelling}` };
        const a = await send(req);
        const p = problem(req, a);
        if (p) failures.push(`${req.label}: ${p}`);
        answers.push(a);
      }
      const successes = answers.filter((a) => a.status < 300).map((a) => comparable(a.text));
      if (new Set(successes).size > 1) failures.push(`${label}: one key, several spellings, ${new Set(successes).size} different successes`);
      // The same body with an encoded lone surrogate (ED A0 80, not UTF-8) inside its first text value.
      const text = JSON.stringify(body);
      const at = text.indexOf('"ok"') + 3;
      const invalid = at > 2 ? Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from(text.slice(at))]) : Buffer.from('7b2278223a22eda080227d', 'hex');
      const bytes: FuzzRequest = { method: endpoint.method, path, headers: { ...headers, 'idempotency-key': `fuzz-bytes-${n}` }, body: invalid, label: `${label} invalid UTF-8` };
      const refused = await send(bytes);
      const p = problem(bytes, refused);
      if (p) failures.push(`${bytes.label}: ${p}`);
      else if (refused.status < 400) failures.push(`${bytes.label}: accepted with ${refused.status}`);
    }
    expect(mutations.length).toBeGreaterThan(5);
    expect(failures).toEqual([]);
  });

  it('is still up and answering afterwards', async () => {
    const a = await send({ method: 'GET', path: '/api/v1/me', headers: { authorization: 'Bearer hpt_owner_all' }, label: 'me' });
    expect(a.status).toBe(200);
    expect(JSON.parse(a.text)).toMatchObject({ kind: 'person' });
  });
});
