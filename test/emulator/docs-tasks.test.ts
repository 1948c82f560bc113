import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { api, expectError, IDS, TOKENS, type Loose } from './support/api';

let em: TestEmulator;
beforeAll(async () => {
  em = await startEmulator();
});
beforeEach(() => em.control.reset());
afterAll(() => em.stop());

describe('docs', () => {
  it('lists without bodies, searches title and body, reads one with hierarchy', async () => {
    const list = (await api(em.url, TOKENS.maria, 'GET', '/api/v1/docs')).body.docs as Loose[];
    expect(list).toHaveLength(4);
    expect(list.every((d) => !('body' in d))).toBe(true);
    expect(list.find((d) => d.id === IDS.folder).is_folder).toBe(true);
    const hits = (await api(em.url, TOKENS.maria, 'GET', '/api/v1/docs?q=deploy')).body.docs as Loose[];
    expect(hits.map((d) => d.title).sort()).toEqual(['Deploy guide', 'Onboarding']);
    const doc = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/docs/${IDS.onboardingDoc}`)).body;
    expect(doc).toMatchObject({ title: 'Onboarding', parent_id: IDS.folder, is_folder: false });
    expect(doc.body).toContain('# Onboarding');
  });

  it('creates a doc in a folder; refuses a missing title or a parent that is not a folder', async () => {
    const r = await api(em.url, TOKENS.maria, 'POST', '/api/v1/docs', { title: 'New', body: 'text', parent_id: IDS.folder });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body)).toEqual(['id']);
    expect((await api(em.url, TOKENS.maria, 'GET', `/api/v1/docs/${r.body.id}`)).body).toMatchObject({ title: 'New', body: 'text', parent_id: IDS.folder });
    expectError(await api(em.url, TOKENS.maria, 'POST', '/api/v1/docs', { body: 'no title' }), 400, 'invalid_request');
    expectError(await api(em.url, TOKENS.maria, 'POST', '/api/v1/docs', { title: 'x', body: 'y', parent_id: IDS.onboardingDoc }), 400, 'invalid_request');
  });

  it('compare-and-set: a save with the current updated_at wins; a stale one is 409 with current_updated_at', async () => {
    const doc = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/docs/${IDS.onboardingDoc}`)).body;
    const saved = await api(em.url, TOKENS.maria, 'PATCH', `/api/v1/docs/${IDS.onboardingDoc}`, { body: 'v2', expected_updated_at: doc.updated_at });
    expect(saved.status).toBe(200);
    expect(saved.body.saved).toBe(true);
    expect(saved.body.updated_at > doc.updated_at).toBe(true);
    const stale = await api(em.url, TOKENS.mike, 'PATCH', `/api/v1/docs/${IDS.onboardingDoc}`, { body: 'v2b', expected_updated_at: doc.updated_at });
    expectError(stale, 409, 'conflict');
    expect(stale.body.error.current_updated_at).toBe(saved.body.updated_at);
    expect((await api(em.url, TOKENS.maria, 'GET', `/api/v1/docs/${IDS.onboardingDoc}`)).body.body).toBe('v2');
    // without expected_updated_at the save is unconditional
    expect((await api(em.url, TOKENS.mike, 'PATCH', `/api/v1/docs/${IDS.onboardingDoc}`, { body: 'v3' })).body.saved).toBe(true);
    expectError(await api(em.url, TOKENS.mike, 'PATCH', `/api/v1/docs/${IDS.onboardingDoc}`, { expected_updated_at: doc.updated_at }), 400, 'invalid_request');
  });

  it('the rules-file mirror answers a pull request and does not save', async () => {
    const before = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/docs/${IDS.rulesDoc}`)).body;
    const r = await api(em.url, TOKENS.maria, 'PATCH', `/api/v1/docs/${IDS.rulesDoc}`, { body: 'new rules', expected_updated_at: before.updated_at });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ saved: false, pull_request: { url: 'https://github.com/acme/app/pull/1', number: 1 } });
    const after = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/docs/${IDS.rulesDoc}`)).body;
    expect(after.body).toBe(before.body);
    expect(after.updated_at).toBe(before.updated_at);
  });

  it('guests have no Docs: 403 on every doc route', async () => {
    expectError(await api(em.url, TOKENS.guest, 'GET', '/api/v1/docs'), 403, 'permission_required');
    expectError(await api(em.url, TOKENS.guest, 'GET', `/api/v1/docs/${IDS.onboardingDoc}`), 403, 'permission_required');
    expectError(await api(em.url, TOKENS.guest, 'GET', '/api/v1/docs/missing'), 403, 'permission_required');
    expectError(await api(em.url, TOKENS.guest, 'POST', '/api/v1/docs', { title: 'x', body: 'y' }), 403, 'permission_required');
    expectError(await api(em.url, TOKENS.guest, 'PATCH', `/api/v1/docs/${IDS.onboardingDoc}`, { body: 'y' }), 403, 'permission_required');
    expectError(await api(em.url, TOKENS.maria, 'GET', '/api/v1/docs/missing'), 404, 'not_found');
  });
});

const refs = async (query: string, token: string = TOKENS.maria) =>
  ((await api(em.url, token, 'GET', `/api/v1/tasks${query}`)).body.tasks as Loose[]).map((t) => t.ref);

describe('tasks', () => {
  it('lists compact rows the person can see, with every filter', async () => {
    const rows = (await api(em.url, TOKENS.maria, 'GET', '/api/v1/tasks')).body.tasks as Loose[];
    expect(rows.map((t) => t.ref)).toEqual(['T-1', 'T-2', 'T-3', 'T-5', 'T-6']); // T-4 is in a private room
    expect(rows[1]).not.toHaveProperty('description');
    expect(rows[1]).not.toHaveProperty('branch');
    expect(rows[1]).toMatchObject({ pr_url: 'https://github.com/acme/app/pull/42', labels: ['search', 'bug'], priority: 1 });
    expect(await refs('?status=todo')).toEqual(['T-3']);
    expect(await refs('?assignee=me')).toEqual(['T-2']);
    expect(await refs(`?assignee=${IDS.agent}`)).toEqual(['T-5']);
    expect(await refs(`?epic_id=${IDS.epic}`)).toEqual(['T-2']);
    expect(await refs('?epic_id=T-1')).toEqual(['T-2']);
    expect(await refs(`?channel_id=${IDS.guestRoom}`)).toEqual(['T-5']);
    expect(await refs('?kind=epic')).toEqual(['T-1']);
    expect(await refs('?q=ranking')).toEqual(['T-2']);
    expect(await refs('?limit=2')).toEqual(['T-1', 'T-2']);
    expect(await refs('', TOKENS.owner)).toContain('T-4');
    expect(await refs('', TOKENS.guest)).toEqual(['T-5']);
    expectError(await api(em.url, TOKENS.maria, 'GET', '/api/v1/tasks?status=open'), 400, 'invalid_request');
    expectError(await api(em.url, TOKENS.maria, 'GET', '/api/v1/tasks?kind=story'), 400, 'invalid_request');
  });

  it('creates with {id, number, ref}', async () => {
    const r = await api(em.url, TOKENS.maria, 'POST', '/api/v1/tasks', { title: 'New one', kind: 'task', status: 'backlog', priority: 2, epic_id: IDS.epic, channel_id: IDS.general, labels: ['x'] });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ id: expect.any(String), number: 7, ref: 'T-7' });
    expect((await refs(`?epic_id=${IDS.epic}`))).toEqual(['T-2', 'T-7']);
    expectError(await api(em.url, TOKENS.maria, 'POST', '/api/v1/tasks', { description: 'no title' }), 400, 'invalid_request');
    expectError(await api(em.url, TOKENS.maria, 'POST', '/api/v1/tasks', { title: 't', priority: 9 }), 400, 'invalid_request');
  });

  it('patches by uuid or T-ref and answers exactly {ok, number, ref}', async () => {
    const r = await api(em.url, TOKENS.maria, 'PATCH', '/api/v1/tasks/T-3', { status: 'doing', priority: 1, labels: ['docs', 'urgent'] });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true, number: 3, ref: 'T-3' });
    const byId = await api(em.url, TOKENS.maria, 'PATCH', `/api/v1/tasks/${IDS.searchTask}`, { title: 'Fix search ranking (v2)' });
    expect(byId.body).toEqual({ ok: true, number: 2, ref: 'T-2' });
    const row = ((await api(em.url, TOKENS.maria, 'GET', '/api/v1/tasks')).body.tasks as Loose[]).find((t) => t.ref === 'T-3');
    expect(row).toMatchObject({ status: 'doing', priority: 1, labels: ['docs', 'urgent'] });
    expectError(await api(em.url, TOKENS.maria, 'PATCH', '/api/v1/tasks/T-4', { status: 'done' }), 404, 'not_found');
    expectError(await api(em.url, TOKENS.maria, 'PATCH', '/api/v1/tasks/T-999', { status: 'done' }), 404, 'not_found');
  });

  it('validates every patch field; a refused patch changes nothing and keeps the PR link', async () => {
    const invalid: Record<string, unknown>[] = [
      { status: 'open' }, { kind: 'story' }, { priority: 5 }, { priority: -1 }, { priority: 1.5 }, { priority: '1' },
      { labels: 'bug' }, { labels: [1] }, { append_note: '' }, { append_note: 3 }, { pr_url: 'not a url' },
      { pr_url: 'ftp://x/y' }, { pr_url: 42 }, { pr_number: 'x' }, { pr_number: 1.5 }, { epic_id: 'T-3' },
      { channel_id: IDS.leadership }, { assignee_user_id: 'nobody' }, { assignee_agent_id: 'nobody' },
      { repo_full_name: 'no slash' }, { title: '' }, { description: 5 }, { colour: 'red' },
    ];
    for (const patch of invalid) {
      const r = await api(em.url, TOKENS.maria, 'PATCH', '/api/v1/tasks/T-2', { ...patch, status: patch.status ?? 'done' });
      expect(r.status, JSON.stringify(patch)).toBe(400);
      expect(r.body.error.code).toBe('invalid_request');
    }
    const row = ((await api(em.url, TOKENS.maria, 'GET', '/api/v1/tasks')).body.tasks as Loose[]).find((t) => t.ref === 'T-2');
    expect(row).toMatchObject({ status: 'in_review', pr_url: 'https://github.com/acme/app/pull/42' });
  });

  it('append_note adds a dated line; pr_url links and "" unlinks; pr_number, repo, branch, assignees set', async () => {
    await api(em.url, TOKENS.maria, 'PATCH', '/api/v1/tasks/T-2', { append_note: 'deployed to staging' });
    const state = await em.control.state();
    const today = state.now.slice(0, 10);
    const task = state.tables.tasks?.find((t) => t.number === 2);
    expect(task?.description).toBe(`Ranking is off.\n- ${today}: deployed to staging`);
    await api(em.url, TOKENS.maria, 'PATCH', '/api/v1/tasks/T-3', {
      pr_url: 'https://github.com/acme/app/pull/77', pr_number: 77, repo_full_name: 'acme/app', branch: 'docs/deploy',
      assignee_user_id: IDS.maria, assignee_agent_id: IDS.agent,
    });
    let t3 = (await em.control.state()).tables.tasks?.find((t) => t.number === 3);
    expect(t3).toMatchObject({ pr_url: 'https://github.com/acme/app/pull/77', pr_number: 77, repo_full_name: 'acme/app', branch: 'docs/deploy', assignee_user_id: IDS.maria, assignee_agent_id: IDS.agent });
    await api(em.url, TOKENS.maria, 'PATCH', '/api/v1/tasks/T-3', { pr_url: '' });
    t3 = (await em.control.state()).tables.tasks?.find((t) => t.number === 3);
    expect(t3?.pr_url).toBeNull();
  });

  it('a merged pull request completes its linked open tasks', async () => {
    const r = await em.control.mergePr('https://github.com/acme/app/pull/42');
    expect(r.tasks).toEqual(['T-2']);
    expect(await refs('?status=done')).toEqual(['T-2', 'T-6']);
  });
});
