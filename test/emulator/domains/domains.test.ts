// Env values, budget, warm workspace and artifact addresses over real HTTP.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Budget, EnvResponse, WarmWorkspace } from '../../../shared/contract';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { api, domainFixture, errorCode, ID, T } from '../support/domains';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ fixture: domainFixture() });
});
afterAll(async () => emu.stop());
beforeEach(async () => emu.control.reset(domainFixture()));

const env = `/api/v1/channels/${ID.general}/env`;

describe('env values', () => {
  it('are write-only: the list shows name, kind, sha256 fingerprint and last use, never the value', async () => {
    const put = await api(emu.url, T.admin, 'PUT', env, { name: 'API_URL', value: 'https://internal.example', kind: 'variable' });
    expect(put.status).toBe(200);
    expect(put.body.fingerprint).toMatch(/^sha256:[0-9a-f]{12}$/);
    await api(emu.url, T.admin, 'PUT', env, { name: 'DB_PASSWORD', value: 'hunter2-very-secret', kind: 'secret' });
    const list = await api<EnvResponse>(emu.url, T.member, 'GET', env);
    expect(list.status).toBe(200);
    expect(list.body.env).toEqual([
      { name: 'API_URL', kind: 'variable', fingerprint: put.body.fingerprint, last_used_at: null },
      { name: 'DB_PASSWORD', kind: 'secret', fingerprint: expect.stringMatching(/^sha256:[0-9a-f]{12}$/), last_used_at: null },
    ]);
    const state = JSON.stringify(await emu.control.state());
    expect(state).not.toContain('hunter2-very-secret');
    expect(JSON.stringify(list.body)).not.toContain('hunter2');
    const changed = await api(emu.url, T.admin, 'PUT', env, { name: 'API_URL', value: 'https://other.example', kind: 'variable' });
    expect(changed.body.fingerprint).not.toBe(put.body.fingerprint);
  });

  it('writes need an admin, a valid name and the Zero to one feature', async () => {
    expect((await api(emu.url, T.member, 'PUT', env, { name: 'X', value: 'v', kind: 'secret' })).status).toBe(403);
    expect((await api(emu.url, T.adminNoScope, 'PUT', env, { name: 'X', value: 'v', kind: 'secret' })).status).toBe(403);
    for (const name of ['lower', '1ABC', 'A-B', 'A'.repeat(65)]) {
      expect((await api(emu.url, T.admin, 'PUT', env, { name, value: 'v', kind: 'secret' })).status, name).toBe(400);
    }
    expect((await api(emu.url, T.admin, 'PUT', env, { name: 'X', value: '', kind: 'secret' })).status).toBe(400);
    expect((await api(emu.url, T.admin, 'PUT', env, { name: 'X', value: 'v', kind: 'plain' })).status).toBe(400);
    expect((await api(emu.url, T.admin, 'PUT', env, { name: 'X', value: 'v' })).status).toBe(400);
    expect((await api(emu.url, T.admin, 'PUT', env, { name: 'X', value: 'v', extra: 1 })).status).toBe(400);
    expect((await api(emu.url, T.admin, 'DELETE', `${env}?name=NOPE`)).status).toBe(404);
    expect((await api(emu.url, T.admin, 'DELETE', env)).status).toBe(400);
    await api(emu.url, T.admin, 'PUT', env, { name: 'X', value: 'v', kind: 'secret' });
    expect((await api(emu.url, T.member, 'DELETE', `${env}?name=X`)).status).toBe(403);
    expect((await api(emu.url, T.admin, 'DELETE', `${env}?name=X`)).status).toBe(200);
    expect((await api<EnvResponse>(emu.url, T.admin, 'GET', env)).body.env).toEqual([]);

    const off = domainFixture();
    off.features = { zeroToOne: false, warmWorkspaces: false };
    await emu.control.reset(off);
    const refused = await api(emu.url, T.admin, 'PUT', env, { name: 'X', value: 'v', kind: 'secret' });
    expect(refused.status).toBe(403);
    expect(errorCode(refused)).toBe('permission_required');
    expect((refused.body.error as { hint: string }).hint).toMatch(/Zero to one/);
    expect((await api(emu.url, T.admin, 'DELETE', `${env}?name=X`)).status).toBe(403);
  });

  it('hides channels the caller cannot read and refuses guests', async () => {
    expect((await api(emu.url, T.member, 'GET', `/api/v1/channels/${ID.leadership}/env`)).status).toBe(404);
    expect((await api(emu.url, T.guest, 'GET', `/api/v1/channels/${ID.collab}/env`)).status).toBe(403);
  });
});

describe('budget', () => {
  const budget = `/api/v1/channels/${ID.general}/budget`;
  it('reads the monthly budget and standing; admins set a number >= 0 or null', async () => {
    const first = await api<Budget>(emu.url, T.member, 'GET', budget);
    expect(first.body).toEqual({ monthlyCredits: null, usedCredits: 0, month: expect.stringMatching(/^\d{4}-\d{2}$/) });
    expect((await api(emu.url, T.member, 'PUT', budget, { monthlyCredits: 100 })).status).toBe(403);
    for (const bad of [-1, '100', true, {}]) expect((await api(emu.url, T.admin, 'PUT', budget, { monthlyCredits: bad })).status).toBe(400);
    expect((await api(emu.url, T.admin, 'PUT', budget, {})).status).toBe(400);
    expect((await api(emu.url, T.admin, 'PUT', budget, { monthlyCredits: 250.5 })).status).toBe(200);
    expect((await api<Budget>(emu.url, T.member, 'GET', budget)).body.monthlyCredits).toBe(250.5);
    expect((await api(emu.url, T.admin, 'PUT', budget, { monthlyCredits: 0 })).status).toBe(200);
    expect((await api(emu.url, T.admin, 'PUT', budget, { monthlyCredits: null })).status).toBe(200);
    expect((await api<Budget>(emu.url, T.member, 'GET', budget)).body.monthlyCredits).toBeNull();
  });
});

describe('warm workspace', () => {
  const warm = (id: string = ID.general) => `/api/v1/channels/${id}/workspace`;
  it('reports status, stale and enabled; rebuild (admins) marks a saved project stale', async () => {
    const f = domainFixture();
    f.warm_workspaces = [{ channel_id: ID.general, status: 'ready' }];
    await emu.control.reset(f);
    const before = await api<WarmWorkspace>(emu.url, T.member, 'GET', warm());
    expect(before.body).toMatchObject({ status: 'ready', stale: false, enabled: true });
    expect((await api(emu.url, T.member, 'POST', `${warm()}/rebuild`)).status).toBe(403);
    const rebuilt = await api(emu.url, T.admin, 'POST', `${warm()}/rebuild`);
    expect(rebuilt.status).toBe(200);
    expect((await api<WarmWorkspace>(emu.url, T.member, 'GET', warm())).body).toMatchObject({ status: 'ready', stale: true, enabled: true });
    expect((await api<WarmWorkspace>(emu.url, T.member, 'GET', warm(ID.random))).body).toEqual({ status: 'none', stale: false, enabled: true, updated_at: null });
    expect((await api(emu.url, T.admin, 'POST', `${warm(ID.random)}/rebuild`)).status).toBe(409);
  });

  it('enabled follows the Warm workspaces feature even when a saved row remains', async () => {
    const f = domainFixture();
    f.features = { zeroToOne: true, warmWorkspaces: false };
    f.warm_workspaces = [{ channel_id: ID.general, status: 'ready' }];
    await emu.control.reset(f);
    expect((await api<WarmWorkspace>(emu.url, T.member, 'GET', warm())).body).toMatchObject({ status: 'ready', enabled: false });
  });
});

describe('artifact address', () => {
  it('sets a new available address; refuses a bad or taken one; hides unreadable apps', async () => {
    const f = domainFixture();
    (f.artifacts as unknown[]).push({ id: 'app-3', channel_id: ID.general, title: 'Other', address: 'taken-name' });
    await emu.control.reset(f);
    const set = await api(emu.url, T.member, 'PUT', '/api/v1/artifacts/app-1/address', { address: 'daily-standup' });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ ok: true, address: 'daily-standup', url: 'https://daily-standup.apps.localhost' });
    for (const bad of ['Upper', '-dash', 'dash-', 'has space', 'a'.repeat(64), '']) {
      expect((await api(emu.url, T.member, 'PUT', '/api/v1/artifacts/app-1/address', { address: bad })).status, bad).toBe(400);
    }
    const taken = await api(emu.url, T.member, 'PUT', '/api/v1/artifacts/app-1/address', { address: 'taken-name' });
    expect(taken.status).toBe(409);
    expect(errorCode(taken)).toBe('conflict');
    expect((await api(emu.url, T.member, 'PUT', '/api/v1/artifacts/app-2/address', { address: 'board' })).status).toBe(404);
    expect((await api(emu.url, T.member, 'PUT', '/api/v1/artifacts/nope/address', { address: 'board' })).status).toBe(404);
    expect((await api(emu.url, T.memberRead, 'PUT', '/api/v1/artifacts/app-1/address', { address: 'board' })).status).toBe(403);
  });
});
