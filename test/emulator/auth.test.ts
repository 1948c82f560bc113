import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture, startEmulator, type TestEmulator } from '../support/emulator';
import { api, expectError, IDS, TOKENS } from './support/api';

let em: TestEmulator;
beforeAll(async () => {
  em = await startEmulator();
});
afterAll(() => em.stop());

describe('authentication', () => {
  // RFC 6750 §3.1: no credentials (none, or another scheme's) get the bare challenge; a bearer
  // token that is bad gets error="invalid_token".
  const challenge = 'Bearer realm="api"';
  const invalid = 'Bearer realm="api", error="invalid_token"';
  const cases: [string, Record<string, string>, string][] = [
    ['missing', {}, challenge],
    ['another scheme\'s', { authorization: 'Token abc' }, challenge],
    ['malformed bearer', { authorization: 'Bearer a b' }, invalid],
    ['unknown', { authorization: 'Bearer hpt_nope' }, invalid],
    ['revoked', { authorization: `Bearer ${TOKENS.revoked}` }, invalid],
    ['mgo_ agent token', { authorization: `Bearer ${TOKENS.agent}` }, invalid],
    ['not a personal token', { authorization: 'Bearer sk_live_x' }, invalid],
  ];
  for (const [name, headers, expected] of cases) {
    it(`401 unauthorized with WWW-Authenticate for a ${name} token`, async () => {
      const r = await api(em.url, null, 'GET', '/api/v1/me', undefined, headers);
      expectError(r, 401, 'unauthorized');
      expect(r.headers.get('www-authenticate')).toBe(expected);
    });
  }

  it('GET /me answers the identity of the token person', async () => {
    const r = await api(em.url, TOKENS.maria, 'GET', '/api/v1/me');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ kind: 'person', userId: IDS.maria, name: 'Maria Member', workspaceId: IDS.workspace, workspace: 'Acme Test', handle: 'maria' });
    expect(typeof r.body.note).toBe('string');
  });

  it('a read-only token cannot post (403 naming the scope)', async () => {
    const r = await api(em.url, TOKENS.mariaRead, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: 'hi' });
    expectError(r, 403, 'permission_required');
    expect(r.body.error.message).toContain('workspace:write');
  });

  it('admin things need the role AND the admin scope', async () => {
    // retrying someone else's stopped run is an admin thing
    const member = await api(em.url, TOKENS.mariaAdminScope, 'POST', `/api/v1/runs/${IDS.privateRun}/retry`);
    expectError(member, 404, 'not_found'); // maria cannot read the private room at all
    const noScope = await api(em.url, TOKENS.adminNoAdminScope, 'POST', `/api/v1/runs/${IDS.privateRun}/retry`);
    expectError(noScope, 403, 'permission_required');
    expect(noScope.body.error.message).toContain('workspace:admin');
    const mike = await api(em.url, TOKENS.mike, 'POST', `/api/v1/runs/${IDS.stoppedRun}/retry`);
    expectError(mike, 403, 'permission_required');
  });

  it('role changes take effect on the next call (re-checked every request)', async () => {
    const f = loadFixture();
    f.tokens = f.tokens.map((t) => (t.token === TOKENS.maria ? { ...t, revoked: true } : t));
    await em.control.reset(f);
    expectError(await api(em.url, TOKENS.maria, 'GET', '/api/v1/me'), 401, 'unauthorized');
    await em.control.reset();
    expect((await api(em.url, TOKENS.maria, 'GET', '/api/v1/me')).status).toBe(200);
  });
});

describe('errors', () => {
  it('unknown /api paths answer 404 not_found JSON, never HTML', async () => {
    for (const path of ['/api/v1/nope', '/api/v2/me', '/api/whatever/deep']) {
      const r = await api(em.url, TOKENS.maria, 'GET', path);
      expectError(r, 404, 'not_found');
      expect(r.headers.get('content-type')).toContain('application/json');
    }
  });

  it('a wrong method on a known path is 404 naming the allowed methods', async () => {
    const r = await api(em.url, TOKENS.maria, 'DELETE', '/api/v1/me');
    expectError(r, 404, 'not_found');
    expect(r.body.error.hint).toContain('GET');
  });

  it('malformed JSON, non-object bodies and oversized bodies are 400 invalid_request', async () => {
    expectError(await api(em.url, TOKENS.maria, 'POST', `/api/v1/channels/${IDS.general}/messages`, '{"body":'), 400, 'invalid_request');
    expectError(await api(em.url, TOKENS.maria, 'POST', `/api/v1/channels/${IDS.general}/messages`, '[1,2]'), 400, 'invalid_request');
    const huge = JSON.stringify({ body: 'x'.repeat(1024 * 1024 + 10) });
    expectError(await api(em.url, TOKENS.maria, 'POST', `/api/v1/channels/${IDS.general}/messages`, huge), 400, 'invalid_request');
  });

  it('an injected fail500 answers 500 internal JSON before doing anything', async () => {
    await em.control.faults({ fail500: 1, pathPattern: '*/messages' });
    const r = await api(em.url, TOKENS.maria, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: 'never stored' });
    expectError(r, 500, 'internal');
    const state = await em.control.state();
    expect(state.tables.messages?.some((m) => m.body === 'never stored')).toBe(false);
    expect((await api(em.url, TOKENS.maria, 'GET', '/api/v1/me')).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('429 rate_limited with Retry-After in whole seconds; per token; a new window after the clock moves', async () => {
    const f = loadFixture();
    f.limits = { requestsPerWindow: 3, windowMs: 2500 };
    await em.control.reset(f);
    for (let i = 0; i < 3; i++) expect((await api(em.url, TOKENS.maria, 'GET', '/api/v1/me')).status).toBe(200);
    const limited = await api(em.url, TOKENS.maria, 'GET', `/api/v1/channels/${IDS.general}/messages`);
    expectError(limited, 429, 'rate_limited');
    const retryAfter = limited.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(3);
    expect((await api(em.url, TOKENS.mike, 'GET', '/api/v1/me')).status).toBe(200);
    await em.control.advanceClock(3000);
    expect((await api(em.url, TOKENS.maria, 'GET', '/api/v1/me')).status).toBe(200);
    await em.control.reset();
  });
});
