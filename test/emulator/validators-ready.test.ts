// Every request validator is ready once the routes are registered (emulator/validators/): no
// request compiles one, whichever route, command or refusal it reaches, and a schema that does not
// compile stops the start instead of failing a request later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG } from '../../emulator/actions/catalog';
import { modules } from '../../emulator/routes';
import { compiledValidatorCount, prepareValidators, preparedValidator } from '../../emulator/validators/compiled';
import { requiredValidators } from '../../emulator/validators/required';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { api, IDS, TOKENS } from './support/api';

const routes = modules.flatMap((m) => m.routes ?? []);

describe('request validators are compiled when the routes are registered', () => {
  let em: TestEmulator;
  beforeAll(async () => {
    em = await startEmulator();
  });
  afterAll(() => em.stop());

  it('every route query and body, kind-union branch and command input has its validator after the start', () => {
    const specs = requiredValidators(routes, CATALOG.values());
    expect(specs.length).toBeGreaterThan(routes.filter((r) => r.query || r.body).length + CATALOG.size - 1);
    const before = compiledValidatorCount();
    for (const spec of specs) expect(() => preparedValidator(spec)).not.toThrow();
    expect(compiledValidatorCount()).toBe(before);
  });

  it('requests of every kind, accepted and refused, compile nothing', async () => {
    const before = compiledValidatorCount();
    const channel = `/api/v1/channels/${IDS.general}`;
    const answers = await Promise.all([
      api(em.url, TOKENS.maria, 'GET', `${channel}/messages?limit=2&junk=1`),
      api(em.url, TOKENS.maria, 'POST', `${channel}/messages`, { body: 'ready', junk: 1 }),
      api(em.url, TOKENS.maria, 'GET', '/api/v1/tasks?status=nope'),
      api(em.url, TOKENS.owner, 'POST', `${channel}/automations`, { name: 'a', trigger: { kind: 'message', options: {} }, actions: [{ kind: 'ask_agent', options: { prompt: 'x' } }] }),
      api(em.url, TOKENS.maria, 'GET', '/api/v1/actions/get_task?taskId=T-1'),
      api(em.url, TOKENS.maria, 'GET', '/api/v1/actions/list_capabilities?x=1'),
      api(em.url, TOKENS.owner, 'POST', '/api/v1/actions/create_channel', { workspaceId: 'not-a-uuid', name: 'x' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 400, 400, 400, 200, 400, 400]);
    expect(answers[3]!.body.error.message).toBe('actions.0.options.agentId is required.');
    expect(compiledValidatorCount()).toBe(before);
  });

  it('a schema not prepared at registration is an error, never compiled on the spot', () => {
    expect(() => preparedValidator({ schema: { type: 'string', maxLength: 7 }, mode: 'body' })).toThrow(/No body validator was prepared/);
  });

  it('a schema that does not compile fails at registration', () => {
    expect(() => prepareValidators([{ schema: { $ref: 'NoSuchContractSchema' }, mode: 'body' }])).toThrow();
    expect(() => prepareValidators([{ schema: { type: 'string', pattern: '(' }, mode: 'query' }])).toThrow();
  });
});
