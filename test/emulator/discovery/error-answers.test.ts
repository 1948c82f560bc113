// Each error status the OpenAPI document declares for an operation is provoked against the real
// service (as far as the fixture allows), and the answer's status and body are checked against the
// document's schema for that operation and status (Ajv, JSON Schema 2020-12).
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../../shared/contract';
import { IDS, TOKENS } from '../support/api';
import { loadFixture, startEmulator, type TestEmulator } from '../../support/emulator';

type Operation = { security?: unknown[]; parameters?: { name: string; in: string; schema: { type?: string } }[]; requestBody?: unknown; responses: Record<string, unknown> };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const WRITE_ONLY = 'hpt_member_write_only';
const LONG_ID = 'x'.repeat(201);

let emu: TestEmulator;
let limited: TestEmulator;
let doc: OpenApi;
let ajv: Ajv2020;

function fixture(requestsPerWindow?: number) {
  const f = loadFixture('basic');
  f.tokens.push({ token: WRITE_ONLY, person: IDS.maria, name: 'write only', scopes: [SCOPES.write] });
  if (requestsPerWindow !== undefined) f.limits = { requestsPerWindow, windowMs: 60_000 };
  return f;
}

beforeAll(async () => {
  emu = await startEmulator({ fixture: fixture() });
  limited = await startEmulator({ fixture: fixture(1) });
  doc = (await (await fetch(`${emu.url}/api/v1/openapi.json`)).json()) as OpenApi;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ ...doc, $id: 'openapi.json' });
});
afterAll(async () => {
  await emu.stop();
  await limited.stop();
});

interface Probe {
  token?: string | null;
  path?: string;
  query?: string;
  body?: unknown;
  base?: string;
}

/** Real ids for the path parameters of a documented path. */
function realPath(template: string): string {
  const id = template.includes('/docs/')
    ? IDS.onboardingDoc
    : template.includes('/tasks/')
      ? IDS.searchTask
      : template.includes('/runs/')
        ? IDS.succeededRun
        : template.includes('/threads/') || template.includes('/messages/')
          ? IDS.releaseThread
          : IDS.general;
  return template
    .replace('{command}', 'list_capabilities')
    .replace('{automationId}', '9a000000-0000-4000-8000-000000000001')
    .replace(/\{[^}]+\}/g, id);
}

const pointer = (...parts: string[]): string => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

async function send(method: string, template: string, probe: Probe): Promise<{ status: number; body: unknown }> {
  const token = probe.token === undefined ? TOKENS.owner : probe.token;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const path = (probe.path ?? realPath(template)) + (probe.query ?? '');
  const body = probe.body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(probe.body);
  const res = await fetch(`${probe.base ?? emu.url}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** A body each write accepts, so a missing resource is reached (bodies are checked before handlers). */
const VALID_BODY: Record<string, unknown> = {
  'POST /api/v1/channels/{id}/messages': { body: 'hello' },
  'PATCH /api/v1/messages/{id}': { body: 'hello' },
  'POST /api/v1/docs': { title: 'T', body: 'x' },
  'PATCH /api/v1/docs/{id}': { body: 'x' },
  'POST /api/v1/tasks': { title: 'T' },
  'PATCH /api/v1/tasks/{id}': { title: 'T' },
  'POST /api/v1/channels/{id}/automations': {
    name: 'n',
    trigger: { kind: 'message', options: { contains: 'x' } },
    actions: [{ kind: 'post_message', options: { text: 'y' } }],
  },
  'PATCH /api/v1/channels/{id}/automations/{automationId}': { enabled: true },
  'PUT /api/v1/channels/{id}/env': { name: 'API_KEY', value: 'v', kind: 'secret' },
  'PUT /api/v1/channels/{id}/budget': { monthlyCredits: 1 },
  'PUT /api/v1/artifacts/{id}/address': { address: 'some-app' },
};

/** How to provoke each status on an operation; null when the fixture cannot. */
function probesFor(method: string, template: string, op: Operation, status: string): Probe[] {
  const hasParams = template.includes('{');
  const write = method !== 'GET';
  switch (status) {
    case '400': {
      const out: Probe[] = [];
      if (hasParams) out.push({ path: template.replace(/\{[^}]+\}/, LONG_ID).replace(/\{[^}]+\}/g, 'x') });
      if (op.requestBody) out.push({ body: { not_a_field: 1 } }, { body: [] });
      if (op.parameters?.some((p) => p.name === 'limit')) out.push({ query: '?limit=0' });
      out.push({ query: `?padding=${'p'.repeat(70_000)}` });
      return out;
    }
    case '401':
      return [{ token: null }, { token: 'hpt_not_a_token' }];
    case '403':
      if (template === '/api/v1/actions/get_task') return [{ token: WRITE_ONLY, query: `?taskId=${IDS.searchTask}` }, { token: TOKENS.guest, query: `?taskId=${IDS.searchTask}` }];
      return [{ token: write ? TOKENS.mariaRead : WRITE_ONLY }, { token: TOKENS.maria }, { token: TOKENS.guest }, { token: TOKENS.mariaRead, path: realPath(template).replace('list_capabilities', 'create_channel') }];
    case '404': {
      const out: Probe[] = [];
      const body = VALID_BODY[`${method} ${template}`];
      const query = template.endsWith('/env') && method === 'DELETE' ? '?name=API_KEY' : undefined;
      if (hasParams) out.push({ path: template.replace(/\{[^}]+\}/g, 'no-such-id'), ...(body ? { body } : {}), ...(query ? { query } : {}) });
      if (template === '/api/v1/actions/get_task') out.push({ query: '?taskId=T-99999' });
      if (template === '/api/v1/message-link') out.push({ query: `?url=${encodeURIComponent(`http://127.0.0.1/w/${IDS.workspace}/c/no-such-channel`)}` });
      return out;
    }
    case '409':
      if (template === '/api/v1/channels/{id}/messages') return [{ path: `/api/v1/channels/${IDS.archived}/messages`, body: { body: 'hello' } }];
      if (template === '/api/v1/docs/{id}') return [{ body: { body: 'x', expected_updated_at: '2000-01-01T00:00:00.000000Z' } }];
      if (template === '/api/v1/runs/{id}/retry') return [{}];
      return [];
    case '429':
      return [{ base: limited.url, token: TOKENS.owner }];
    default:
      return [];
  }
}

/** Declared statuses the basic fixture cannot provoke, with why. */
const NOT_PROVOKED: Record<string, string> = {
  'PATCH /api/v1/messages/{id} 409': 'needs an own message in an archived channel',
  'PUT /api/v1/artifacts/{id}/address 409': 'the basic fixture has no published app',
  'POST /hooks/automations/{automationId} 401': 'the basic fixture has no webhook automation',
  'POST /hooks/automations/{automationId} 409': 'the basic fixture has no webhook automation',
  'GET /api/v1/actions/{command} 409': 'no read command conflicts',
  'POST /api/v1/actions/{command} 409': 'a command-specific state conflict',
  'POST /api/v1/channels/{id}/automations 409': 'never raised by upsert in the basic fixture',
};

describe('every declared error answer', () => {
  it('is what the service answers, in the documented shape', { timeout: 300_000 }, async () => {
    // Spend the limited service's one request per window for the owner.
    await fetch(`${limited.url}/api/v1/me`, { headers: { authorization: `Bearer ${TOKENS.owner}` } });
    const missing: string[] = [];
    const invalid: string[] = [];
    let provoked = 0;
    for (const [template, ops] of Object.entries(doc.paths)) {
      for (const [lower, op] of Object.entries(ops)) {
        const method = lower.toUpperCase();
        for (const status of Object.keys(op.responses).filter((s) => s >= '400' && s < '500')) {
          const key = `${method} ${template} ${status}`;
          let hit = false;
          for (const probe of probesFor(method, template, op, status)) {
            const answer = await send(method, template, probe);
            if (String(answer.status) !== status) continue;
            hit = true;
            const ref = `openapi.json#/${pointer('paths', template, lower, 'responses', status, 'content', 'application/json', 'schema')}`;
            const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
            if (!validate(answer.body)) invalid.push(`${key}: ${JSON.stringify(validate.errors?.slice(0, 2))}`);
            break;
          }
          if (hit) provoked++;
          else if (!NOT_PROVOKED[key]) missing.push(key);
        }
      }
    }
    expect(invalid).toEqual([]);
    expect(missing).toEqual([]);
    expect(provoked).toBeGreaterThan(150);
  });
});
