// The OpenAPI document tells the truth: real answers of the service validate against the schema
// it documents for that operation and status (ajv, JSON Schema 2020-12).
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../../support/emulator';

const C = 'c0000000-0000-4000-8000-000000000001';
const ROOT = 'e0000000-0000-4000-8000-000000000002';
const DOC = 'd0000000-0000-4000-8000-000000000002';
const RUN = 'b0000000-0000-4000-8000-000000000001';
const AUTH = { authorization: 'Bearer hpt_owner_all', 'content-type': 'application/json' };

let emu: TestEmulator;
let ajv: Ajv2020;

beforeAll(async () => {
  emu = await startEmulator();
  const doc = (await (await fetch(`${emu.url}/api/v1/openapi.json`)).json()) as Record<string, unknown>;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ ...doc, $id: 'openapi.json' });
});
afterAll(async () => {
  await emu.stop();
});

const pointer = (...parts: string[]): string => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Calls the service, expects `status`, and validates the answer against the document's schema for that status. */
async function check(method: string, templatePath: string, path: string, status: number, body?: unknown): Promise<void> {
  const res = await fetch(`${emu.url}${path}`, { method, headers: AUTH, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const json = (await res.json()) as unknown;
  expect(`${method} ${path} -> ${res.status}`).toBe(`${method} ${path} -> ${status}`);
  const ref = `openapi.json#/${pointer('paths', templatePath, method.toLowerCase(), 'responses', String(res.status), 'content', 'application/json', 'schema')}`;
  const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  const valid = validate(json);
  expect({ call: `${method} ${path} -> ${res.status}`, errors: valid ? null : validate.errors?.slice(0, 5) }).toEqual({
    call: `${method} ${path} -> ${res.status}`,
    errors: null,
  });
}

describe('answers match the documented schemas', () => {
  it('GET endpoints', async () => {
    const gets: [string, string, number][] = [
      ['/api', '/api', 200],
      ['/api/v1/me', '/api/v1/me', 200],
      ['/api/v1/me/mentions', '/api/v1/me/mentions', 200],
      ['/api/v1/me/wake', '/api/v1/me/wake', 200],
      ['/api/v1/channels', '/api/v1/channels', 200],
      ['/api/v1/channels/{id}/messages', `/api/v1/channels/${C}/messages?limit=3`, 200],
      ['/api/v1/channels/{id}/members', `/api/v1/channels/${C}/members`, 200],
      ['/api/v1/channels/{id}/automations', `/api/v1/channels/${C}/automations`, 200],
      ['/api/v1/channels/{id}/links', `/api/v1/channels/${C}/links`, 200],
      ['/api/v1/channels/{id}/env', `/api/v1/channels/${C}/env`, 200],
      ['/api/v1/channels/{id}/budget', `/api/v1/channels/${C}/budget`, 200],
      ['/api/v1/channels/{id}/workspace', `/api/v1/channels/${C}/workspace`, 200],
      ['/api/v1/threads/{id}', `/api/v1/threads/${ROOT}`, 200],
      ['/api/v1/search', '/api/v1/search?q=th', 200],
      ['/api/v1/docs', '/api/v1/docs', 200],
      ['/api/v1/docs/{id}', `/api/v1/docs/${DOC}`, 200],
      ['/api/v1/tasks', '/api/v1/tasks', 200],
      ['/api/v1/runs/{id}/events', `/api/v1/runs/${RUN}/events`, 200],
      ['/api/v1/actions/list_capabilities', '/api/v1/actions/list_capabilities', 200],
      // Errors follow the Error schema too.
      ['/api/v1/docs/{id}', '/api/v1/docs/no-such-doc', 404],
      ['/api/v1/search', '/api/v1/search?q=x', 400],
    ];
    for (const [template, path, status] of gets) await check('GET', template, path, status);
  });

  it('mutations', async () => {
    await check('POST', '/api/v1/channels/{id}/messages', `/api/v1/channels/${C}/messages`, 201, { body: 'schema check' });
    await check('POST', '/api/v1/docs', '/api/v1/docs', 201, { title: 'Schema', body: '# hi' });
    await check('POST', '/api/v1/tasks', '/api/v1/tasks', 201, { title: 'Schema task' });
    await check('PATCH', '/api/v1/tasks/{id}', '/api/v1/tasks/T-1', 200, { status: 'doing' });
    await check('PATCH', '/api/v1/tasks/{id}', '/api/v1/tasks/T-1', 400, { nope: 1 });
    await check('PUT', '/api/v1/channels/{id}/budget', `/api/v1/channels/${C}/budget`, 200, { monthlyCredits: 100 });
  });
});
