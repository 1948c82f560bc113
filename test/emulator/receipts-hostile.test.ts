// Idempotency receipts under hostile reuse: one key names one write however the
// resource is addressed, and a saved answer never replays after its caller lost the right to make
// the call. The local service has no API for a role change, so the test changes the role in its store.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Fixture } from '../../emulator/fixture';
import { createEmulator, type RunningEmulator } from '../../emulator/server';
import { controlClient } from '../support/emulator';
import { api, expectError, IDS, TOKENS, type Loose } from './support/api';

let em: RunningEmulator;
beforeAll(async () => {
  em = await createEmulator({ fixture: JSON.parse(readFileSync('test/fixtures/basic.json', 'utf8')) as Fixture });
});
beforeEach(() => controlClient(em.url, em.controlKey).reset());
afterAll(() => em.close());

const withKey = (key: string) => ({ 'idempotency-key': key });
const messagesOf = async (channel: string, token: string = TOKENS.owner): Promise<Loose[]> =>
  (await api(em.url, token, 'GET', `/api/v1/channels/${channel}/messages?limit=100`)).body.messages as Loose[];

describe('one key, one write, however the resource is addressed', () => {
  it('POST /messages and /messages/ with the same key store the message once', async () => {
    const before = (await messagesOf(IDS.general)).length;
    const path = `/api/v1/channels/${IDS.general}/messages`;
    const first = await api(em.url, TOKENS.maria, 'POST', path, { body: 'once only' }, withKey('k-slash'));
    const second = await api(em.url, TOKENS.maria, 'POST', `${path}/`, { body: 'once only' }, withKey('k-slash'));
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect((await messagesOf(IDS.general)).length).toBe(before + 1);
    const changed = await api(em.url, TOKENS.maria, 'POST', `${path}/`, { body: 'something else' }, withKey('k-slash'));
    expectError(changed, 409, 'conflict');
  });

  it('PATCH /tasks/T-n and /tasks/<uuid> with the same key apply the change once', async () => {
    const taskNow = async (): Promise<Loose> =>
      ((await api(em.url, TOKENS.maria, 'GET', '/api/v1/tasks?limit=100')).body.tasks as Loose[]).find((t) => t.id === IDS.searchTask);
    const ref = (await taskNow()).ref as string;
    expect(ref).toMatch(/^T-\d+$/);
    const patch = { title: 'renamed once', append_note: 'checked by the hostile suite' };
    const byRef = await api(em.url, TOKENS.maria, 'PATCH', `/api/v1/tasks/${ref}`, patch, withKey('k-task'));
    const byId = await api(em.url, TOKENS.maria, 'PATCH', `/api/v1/tasks/${IDS.searchTask}`, patch, withKey('k-task'));
    expect(byRef.status).toBe(200);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(byRef.body);
    const updatedAt = (await taskNow()).updated_at as string;
    // A second effect would have stamped a newer updated_at (and appended the note twice).
    const again = await api(em.url, TOKENS.maria, 'PATCH', `/api/v1/tasks/${ref}`, patch, withKey('k-task'));
    expect(again.status).toBe(200);
    expect((await taskNow()).updated_at).toBe(updatedAt);
    const state = await controlClient(em.url, em.controlKey).state();
    const row = state.tables.tasks?.find((t) => t.id === IDS.searchTask) as Loose;
    expect((row.description as string).split('checked by the hostile suite').length - 1).toBe(1);
  });
});

describe('a receipt re-checks the caller before it replays', () => {
  it('an admin demoted to member gets 403, not the saved success', async () => {
    const input = { channelId: IDS.random, description: 'set by an admin' };
    const first = await api(em.url, TOKENS.admin, 'POST', '/api/v1/actions/update_channel', input, withKey('k-demote'));
    expect(first.status).toBe(200);
    em.svc.db.prepare("UPDATE people SET role = 'member' WHERE id = ?").run(IDS.admin);
    const replay = await api(em.url, TOKENS.admin, 'POST', '/api/v1/actions/update_channel', input, withKey('k-demote'));
    expectError(replay, 403, 'permission_required');
    // A fresh call gets the same refusal: the replay answers what the call would answer now.
    expectError(await api(em.url, TOKENS.admin, 'POST', '/api/v1/actions/update_channel', input, withKey('k-demote-2')), 403, 'permission_required');
  });

  it('a member who left the private channel gets 404, not the saved post', async () => {
    const path = `/api/v1/channels/${IDS.leadership}/messages`;
    const first = await api(em.url, TOKENS.owner, 'POST', path, { body: 'leadership only' }, withKey('k-left'));
    expect(first.status).toBe(201);
    const left = await api(em.url, TOKENS.owner, 'POST', '/api/v1/actions/leave_channel', { channelId: IDS.leadership }, withKey('k-leave'));
    expect(left.status).toBe(200);
    expectError(await api(em.url, TOKENS.owner, 'POST', path, { body: 'leadership only' }, withKey('k-left')), 404, 'not_found');
    // Leaving itself still replays: the right it gave up was its own effect.
    const leftAgain = await api(em.url, TOKENS.owner, 'POST', '/api/v1/actions/leave_channel', { channelId: IDS.leadership }, withKey('k-leave'));
    expect(leftAgain.status).toBe(200);
    expect(leftAgain.body.receipt.replayed).toBe(true);
  });

  it('a caller who keeps the right still gets the replay', async () => {
    const path = `/api/v1/channels/${IDS.general}/messages`;
    const first = await api(em.url, TOKENS.maria, 'POST', path, { body: 'kept' }, withKey('k-kept'));
    const again = await api(em.url, TOKENS.maria, 'POST', path, { body: 'kept' }, withKey('k-kept'));
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
  });
});
