// Seeded generators of malformed requests for the fuzz suite. Same seed, same requests.
import type { Endpoint } from './endpoints';
import { pathParamNames } from './endpoints';

export { seededRandom } from '../../../emulator/seeded-random';

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  label: string;
}

export interface Ids {
  channel: string;
  automation: string;
  doc: string;
  task: string;
  run: string;
  message: string;
  artifact: string;
}

const HUGE = 'x'.repeat(200_000);
const OVERSIZE = `{"body":"${'y'.repeat(1_100_000)}"}`;

const ODD_IDS = [
  '..',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  '%00',
  'a%00b',
  '%E0%A4%A',
  '%ZZ',
  "' OR 1=1 --",
  'T-0',
  'T--1',
  'T-99999999999999999999999',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(5000),
  '%F0%9F%92%A9',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '%20',
  'list_capabilities%2F..',
];

const ODD_VALUES = [
  '',
  '-1',
  '0',
  'abc',
  '1e309',
  'NaN',
  '9007199254740993',
  '2025-13-45T99:99:99Z',
  'not-a-date',
  '%00',
  '<script>alert(1)</script>',
  'x'.repeat(10_000),
  '[]',
  '{}',
  'true',
  '__proto__',
];

const ODD_PARAM_NAMES = ['__proto__', 'constructor', 'limit[]', 'a'.repeat(300), '', 'wait_ms ', 'q%00', 'toString'];

const BAD_AUTH: (string | undefined)[] = [
  undefined,
  '',
  'Bearer',
  'Bearer ',
  'Bearer hpt_revoked',
  'Bearer mgo_helper_agent',
  'Bearer hpt_does_not_exist',
  'Basic aHB0X293bmVyX2FsbDp4',
  'bearer hpt_owner_all extra',
  `Bearer hpt_${'z'.repeat(8000)}`,
  'Token hpt_owner_all',
];

const BAD_BODIES = [
  '{', 'null', '[]', '"text"', '1', 'true', '{"a":', '\u0000', '{"__proto__":{"polluted":true}}', '[[[[[[[[[[', `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
  // Lone surrogates (escaped): refused as 400, never stored as U+FFFD.
  '{"body":"\\ud800"}', '{"\\udfff":"x","title":"a\\ud83d"}',
];

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

/** A value of the wrong type for a declared schema type (or just an odd one). */
function wrongValue(rand: () => number, type: unknown): unknown {
  const candidates: unknown[] = [null, 12345, -1, 1.5, true, 'text', [], {}, [1, 'a'], { nested: { deep: [null] } }, HUGE, '', '\u202e\u0000', 1e308];
  const filtered = candidates.filter((v) => {
    if (type === 'string') return typeof v !== 'string' || v === HUGE || v === '';
    if (type === 'integer' || type === 'number') return typeof v !== 'number' || v === 1.5 || v === -1 || v === 1e308;
    if (type === 'boolean') return typeof v !== 'boolean';
    if (type === 'array') return !Array.isArray(v);
    return true;
  });
  return pick(rand, filtered);
}

function schemaProps(schema: Record<string, unknown> | undefined): [string, unknown][] {
  const props = schema?.properties as Record<string, { type?: unknown }> | undefined;
  return props ? Object.entries(props).map(([k, v]) => [k, v.type]) : [];
}

function realId(ids: Ids, endpoint: Endpoint, name: string): string {
  if (name === 'automationId') return ids.automation;
  if (name === 'command') return 'list_capabilities';
  const p = endpoint.path;
  if (p.includes('/channels/')) return ids.channel;
  if (p.includes('/docs/')) return ids.doc;
  if (p.includes('/tasks/')) return ids.task;
  if (p.includes('/runs/')) return ids.run;
  if (p.includes('/threads/') || p.includes('/messages/')) return ids.message;
  if (p.includes('/artifacts/')) return ids.artifact;
  return 'x';
}

/** The endpoint's path with real ids and a plausible body (every declared field, a sane value). */
export function saneRequest(endpoint: Endpoint, ids: Ids): { path: string; body: Record<string, unknown> } {
  let path = endpoint.path;
  for (const name of pathParamNames(endpoint.path)) path = path.replace(`{${name}}`, encodeURIComponent(realId(ids, endpoint, name)));
  const body: Record<string, unknown> = {};
  for (const [name, type] of schemaProps(endpoint.body)) body[name] = type === 'integer' || type === 'number' ? 1 : type === 'boolean' ? true : type === 'array' ? [] : 'ok';
  return { path, body };
}

/** One malformed request for this endpoint: a few independent mutations on an otherwise sane call. */
export function fuzzRequest(rand: () => number, endpoint: Endpoint, ids: Ids, goodTokens: readonly string[]): FuzzRequest {
  const labels: string[] = [];
  let path = endpoint.path;
  for (const name of pathParamNames(endpoint.path)) {
    const odd = rand() < 0.5;
    const value = odd ? pick(rand, ODD_IDS) : encodeURIComponent(realId(ids, endpoint, name));
    if (odd) labels.push(`id=${value.slice(0, 30)}`);
    path = path.replace(`{${name}}`, value);
  }

  const query = new URLSearchParams();
  for (const q of endpoint.query ?? []) {
    if (rand() < 0.5) continue;
    // Never a long-poll: wait_ms stays invalid or tiny.
    const value = q.name === 'wait_ms' ? pick(rand, ['-1', 'abc', '0', '1e309', '5', '']) : pick(rand, ODD_VALUES);
    query.append(q.name, value);
    if (rand() < 0.2) query.append(q.name, pick(rand, ODD_VALUES));
  }
  if (rand() < 0.3) query.append(pick(rand, ODD_PARAM_NAMES), pick(rand, ODD_VALUES));
  const qs = query.toString();
  if (qs) labels.push(`query=${qs.slice(0, 40)}`);
  let rawQuery = qs ? `?${qs}` : '';
  if (rand() < 0.05) rawQuery += `${rawQuery ? '&' : '?'}%zz=%`;

  const headers: Record<string, string> = {};
  if (rand() < 0.25) {
    const auth = pick(rand, BAD_AUTH);
    if (auth !== undefined) headers.authorization = auth;
    labels.push(`auth=${(auth ?? 'none').slice(0, 24)}`);
  } else {
    headers.authorization = `Bearer ${pick(rand, goodTokens)}`;
  }
  if (rand() < 0.1) headers['idempotency-key'] = pick(rand, ['', 'k'.repeat(161), 'same-key', '\u00e9']);
  if (rand() < 0.1) headers['x-service-client'] = pick(rand, ['', 'c'.repeat(2000), 'tool\u00e9']);

  let body: string | undefined;
  if (endpoint.method !== 'GET') {
    const r = rand();
    if (r < 0.25) {
      body = pick(rand, BAD_BODIES);
      labels.push(`body=${body.slice(0, 20)}`);
    } else if (r < 0.3) {
      body = OVERSIZE;
      labels.push('body=oversize');
    } else {
      const obj: Record<string, unknown> = {};
      for (const [name, type] of schemaProps(endpoint.body)) {
        if (rand() < 0.3) continue;
        obj[name] = rand() < 0.6 ? wrongValue(rand, type) : type === 'string' ? 'ok' : type === 'integer' ? 1 : type === 'boolean' ? true : 'ok';
      }
      if (rand() < 0.4) obj[pick(rand, ['unknown_field', '__proto__', 'constructor', 'requestId'])] = wrongValue(rand, 'string');
      body = JSON.stringify(obj);
      labels.push(`body=${body.slice(0, 40)}`);
    }
    headers['content-type'] = rand() < 0.1 ? pick(rand, ['text/plain', 'application/xml', 'multipart/form-data; boundary=x']) : 'application/json';
  }
  return {
    method: endpoint.method,
    path: `${path}${rawQuery}`,
    headers,
    ...(body === undefined ? {} : { body }),
    label: `${endpoint.method} ${endpoint.path} ${labels.join(' ')}`,
  };
}
