import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { api, expectError, IDS, TOKENS, type Loose } from './support/api';

let em: TestEmulator;
beforeAll(async () => {
  em = await startEmulator();
});
beforeEach(() => em.control.reset());
afterAll(() => em.stop());

const countBodies = async (body: string) => (await em.control.state()).tables.messages?.filter((m) => m.body === body).length ?? 0;

describe('idempotency', () => {
  it('a repeat with the same Idempotency-Key replays the original answer without a second effect', async () => {
    const headers = { 'idempotency-key': 'key-1' };
    const a = await api(em.url, TOKENS.maria, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: 'once' }, headers);
    const b = await api(em.url, TOKENS.maria, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: 'once' }, headers);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(await countBodies('once')).toBe(1);
  });

  it('body requestId works as the key; keys are per token; a different body with the same key is 409', async () => {
    const a = await api(em.url, TOKENS.maria, 'POST', '/api/v1/tasks', { title: 'idem', requestId: 'r-1' });
    const b = await api(em.url, TOKENS.maria, 'POST', '/api/v1/tasks', { title: 'idem', requestId: 'r-1' });
    expect(b.body).toEqual(a.body);
    const other = await api(em.url, TOKENS.mike, 'POST', '/api/v1/tasks', { title: 'idem', requestId: 'r-1' });
    expect(other.body.number).toBe(a.body.number + 1);
    expectError(await api(em.url, TOKENS.maria, 'POST', '/api/v1/tasks', { title: 'different', requestId: 'r-1' }), 409, 'conflict');
    expectError(await api(em.url, TOKENS.maria, 'POST', '/api/v1/tasks', { title: 'x' }, { 'idempotency-key': 'k'.repeat(161) }), 400, 'invalid_request');
  });

  it('under dropResponseAfterCommit the effect is committed once and the retry with the key gets the answer', async () => {
    await em.control.faults({ dropResponseAfterCommit: 1, pathPattern: '*/messages' });
    const headers = { 'idempotency-key': 'drop-1' };
    await expect(api(em.url, TOKENS.maria, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: 'dropped answer' }, headers)).rejects.toThrow();
    expect(await countBodies('dropped answer')).toBe(1);
    const retry = await api(em.url, TOKENS.maria, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: 'dropped answer' }, headers);
    expect(retry.status).toBe(201);
    expect(await countBodies('dropped answer')).toBe(1);
    const stored = (await em.control.state()).tables.messages?.find((m) => m.body === 'dropped answer');
    expect(retry.body.id).toBe(stored?.id);
  });

  it('a failed mutation stores no receipt, so a fixed retry with the same key works', async () => {
    const headers = { 'idempotency-key': 'fix-1' };
    expectError(await api(em.url, TOKENS.maria, 'PATCH', '/api/v1/tasks/T-3', { priority: 9 }, headers), 400, 'invalid_request');
    await em.control.faults({ fail500: 1 });
    expectError(await api(em.url, TOKENS.maria, 'PATCH', '/api/v1/tasks/T-3', { priority: 2 }, headers), 500, 'internal');
    expect((await api(em.url, TOKENS.maria, 'PATCH', '/api/v1/tasks/T-3', { priority: 2 }, headers)).status).toBe(200);
  });

  it('receipts are stored in SQLite, one row per key', async () => {
    const headers = { 'idempotency-key': 'rv-1' };
    await api(em.url, TOKENS.mike, 'POST', `/api/v1/channels/${IDS.random}/messages`, { body: 'r' }, headers);
    const state = await em.control.state();
    expect(state.tables.receipts?.length).toBe(1);
  });
});

describe('control API', () => {
  it('is not under /api and needs no API token; GET /_emulator/state shows every table', async () => {
    const state = await em.control.state();
    expect(Object.keys(state.tables)).toEqual(expect.arrayContaining(['messages', 'tasks', 'docs', 'runs', 'run_events', 'receipts', 'people', 'tokens']));
  });

  it('reset without a body goes back to the start fixture', async () => {
    await api(em.url, TOKENS.maria, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: 'temp' });
    await em.control.reset();
    expect(await countBodies('temp')).toBe(0);
  });

  it('clock advances the service clock; created_at follows it', async () => {
    const before = (await em.control.state()).now;
    const { now } = await em.control.advanceClock(86_400_000);
    expect(Date.parse(now) - Date.parse(before)).toBeGreaterThanOrEqual(86_400_000);
    const r = await api(em.url, TOKENS.maria, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: 'tomorrow' });
    const list = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/channels/${IDS.general}/messages`)).body.messages as Loose[];
    expect(list.find((m) => m.id === r.body.id).created_at.slice(0, 10)).toBe(now.slice(0, 10));
  });

  it('delayMs delays matching requests only; faults refuse bad input', async () => {
    await em.control.faults({ delayMs: 50, pathPattern: '*/search' });
    expect((await api(em.url, TOKENS.maria, 'GET', '/api/v1/search?q=search')).status).toBe(200);
    const bad = await fetch(`${em.url}/_emulator/faults`, { method: 'POST', headers: { 'x-emulator-key': em.controlKey }, body: JSON.stringify({ pathPattern: '(' }) });
    expect(bad.status).toBe(400);
    const bad2 = await fetch(`${em.url}/_emulator/clock`, { method: 'POST', headers: { 'x-emulator-key': em.controlKey }, body: JSON.stringify({ advanceMs: 'soon' }) });
    expect(bad2.status).toBe(400);
  });

  it('reset refuses a broken fixture with a message naming the problem', async () => {
    const r = await fetch(`${em.url}/_emulator/reset`, { method: 'POST', headers: { 'x-emulator-key': em.controlKey }, body: JSON.stringify({ fixture: { workspace: { id: 'x', name: 'y' }, people: [], tokens: [{ token: 'hpt_x', person: 'nobody', name: 'n', scopes: [] }], channels: [] } }) });
    expect(r.status).toBe(400);
    expect(((await r.json()) as Loose).error.message).toContain('tokens[0].person');
  });

  it('checks/failed and pull-requests/merged raise bus events other modules hook into', async () => {
    expect((await fetch(`${em.url}/_emulator/checks/failed`, { method: 'POST', headers: { 'x-emulator-key': em.controlKey }, body: JSON.stringify({ pr_url: 'https://github.com/acme/app/pull/42' }) })).status).toBe(200);
    expect((await fetch(`${em.url}/_emulator/checks/failed`, { method: 'POST', headers: { 'x-emulator-key': em.controlKey }, body: JSON.stringify({ pr_url: 'nope' }) })).status).toBe(400);
  });

  it('answers only with this run\'s key, refusing other Hosts and cross-site pages first (a web page or a rebound name cannot reset or read it)', async () => {
    const post = (headers: Record<string, string>) => fetch(`${em.url}/_emulator/reset`, { method: 'POST', headers: { 'content-type': 'text/plain', ...headers }, body: '{}' });
    const noKey = await post({});
    expect(noKey.status).toBe(401);
    expect(((await noKey.json()) as Loose).error.hint).toContain('x-emulator-key');
    expect((await post({ 'x-emulator-key': 'guess' })).status).toBe(401);
    expect((await post({ 'x-emulator-key': em.controlKey, origin: 'https://evil.example' })).status).toBe(403);
    expect((await post({ 'x-emulator-key': em.controlKey, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await post({ 'x-emulator-key': em.controlKey, origin: 'http://localhost:3000' })).status).toBe(200);
    // fetch() will not send another Host: a raw request does, as a DNS-rebound page's would.
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${em.url}/_emulator/state`, { headers: { host: 'evil.example', 'x-emulator-key': em.controlKey } }, (res) => (res.resume(), resolve(res.statusCode ?? 0)));
      req.on('error', reject).end();
    });
    expect(status).toBe(403);
    const state = await fetch(`${em.url}/_emulator/state`);
    expect(state.status).toBe(401);
    expect(await state.text()).not.toContain('hpt_');
  });

  it('refuses absurd clock moves, which would break every later timestamp', async () => {
    for (const advanceMs of [1e20, -1, Number.MAX_SAFE_INTEGER]) {
      const r = await fetch(`${em.url}/_emulator/clock`, { method: 'POST', headers: { 'x-emulator-key': em.controlKey }, body: JSON.stringify({ advanceMs }) });
      expect(r.status, String(advanceMs)).toBe(400);
    }
    expect((await api(em.url, TOKENS.maria, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: 'after the refused clock' })).status).toBe(201);
  });

  it('takes fault paths as a prefix or a glob, never a regular expression', async () => {
    for (const pathPattern of ['^/api/(a+)+$', '/messages$', '']) {
      const r = await fetch(`${em.url}/_emulator/faults`, { method: 'POST', headers: { 'x-emulator-key': em.controlKey }, body: JSON.stringify({ pathPattern }) });
      expect(r.status, pathPattern).toBe(400);
    }
    await em.control.faults({ fail500: 1, pathPattern: '/api/v1/search' });
    expect((await api(em.url, TOKENS.maria, 'GET', '/api/v1/me')).status).toBe(200);
    expect((await api(em.url, TOKENS.maria, 'GET', '/api/v1/search?q=x')).status).toBe(500);
    await em.control.faults({ fail500: 1, pathPattern: '*/channels/*/messages' });
    expect((await api(em.url, TOKENS.maria, 'GET', '/api/v1/channels')).status).toBe(200);
    expect((await api(em.url, TOKENS.maria, 'GET', `/api/v1/channels/${IDS.general}/messages`)).status).toBe(500);
  });
});
