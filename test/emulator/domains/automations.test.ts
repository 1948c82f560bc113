// Automations: REST validation and permissions, the one-time webhook key, every trigger kind
// firing with every action kind, loop safety, enable/disable and delete with history.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Automation, AutomationsResponse } from '../../../shared/contract';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { action, api, domainFixture, errorCode, ID, T } from '../support/domains';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ fixture: domainFixture() });
});
afterAll(async () => emu.stop());
beforeEach(async () => emu.control.reset(domainFixture()));

const path = (channel: string = ID.general) => `/api/v1/channels/${channel}/automations`;
const ALL_ACTIONS = [
  { kind: 'post_message', options: { text: '{{author}} / {{text}} / {{channel}}' } },
  { kind: 'add_reaction', options: { emoji: '👀' } },
  { kind: 'ask_agent', options: { agentId: ID.agent, prompt: 'Look into: {{text}}' } },
];

async function create(body: Record<string, unknown>, token: string = T.admin, channel: string = ID.general) {
  return api<{ id: string; webhookKey?: string; webhookPath?: string }>(emu.url, token, 'POST', path(channel), body);
}

async function listAll(token: string = T.member, channel: string = ID.general) {
  return api<AutomationsResponse>(emu.url, token, 'GET', path(channel));
}

async function runsOf(id: string) {
  const list = await listAll(T.admin);
  return (list.body.automations.find((a) => a.id === id) as Automation).runs;
}

describe('automation REST', () => {
  it('members read with isAdmin; guests cannot; writes are admin-only', async () => {
    const member = await listAll(T.member);
    expect(member.status).toBe(200);
    expect(member.body.isAdmin).toBe(false);
    expect(member.body.automations.map((a) => a.id)).toContain(ID.automation);
    expect((await listAll(T.admin)).body.isAdmin).toBe(true);
    expect((await listAll(T.adminNoScope)).body.isAdmin).toBe(false);
    expect((await listAll(T.guest, ID.collab)).status).toBe(403);
    expect((await listAll(T.member, ID.leadership)).status).toBe(404);
    const body = { name: 'x', trigger: { kind: 'webhook', options: {} }, actions: [ALL_ACTIONS[0]] };
    expect((await create(body, T.member)).status).toBe(403);
    expect((await create(body, T.memberAdminScope)).status).toBe(403);
    expect((await create(body, T.adminNoScope)).status).toBe(403);
    expect((await create(body, T.admin)).status).toBe(200);
  });

  it('validates triggers, options and actions against the route schema', async () => {
    const ok = { name: 'n', trigger: { kind: 'schedule', options: { everyMinutes: 15 } }, actions: [ALL_ACTIONS[0]] };
    const bad: Array<[string, Record<string, unknown>]> = [
      ['unknown trigger', { ...ok, trigger: { kind: 'cron', options: {} } }],
      ['schedule under 15', { ...ok, trigger: { kind: 'schedule', options: { everyMinutes: 14 } } }],
      ['schedule not integer', { ...ok, trigger: { kind: 'schedule', options: { everyMinutes: '15' } } }],
      ['message bad option', { ...ok, trigger: { kind: 'message', options: { regex: 'x' } } }],
      ['message contains empty', { ...ok, trigger: { kind: 'message', options: { contains: '' } } }],
      ['hasAttachment not boolean', { ...ok, trigger: { kind: 'message', options: { hasAttachment: 'yes' } } }],
      ['options on pr_merged', { ...ok, trigger: { kind: 'pr_merged', options: { repo: 'x' } } }],
      ['no actions', { ...ok, actions: [] }],
      ['six actions', { ...ok, actions: Array(6).fill(ALL_ACTIONS[0]) }],
      ['unknown action', { ...ok, actions: [{ kind: 'send_email', options: {} }] }],
      ['post without text', { ...ok, actions: [{ kind: 'post_message', options: {} }] }],
      ['ask without agent', { ...ok, actions: [{ kind: 'ask_agent', options: { prompt: 'x' } }] }],
      ['unknown key', { ...ok, color: 'red' }],
      ['no name', { ...ok, name: '' }],
      ['name over 80', { ...ok, name: 'n'.repeat(81) }],
      ['enabled not boolean', { ...ok, enabled: 'no' }],
    ];
    for (const [label, body] of bad) {
      const res = await create(body);
      expect(res.status, label).toBe(400);
      expect(errorCode(res), label).toBe('invalid_request');
    }
    expect((await create(ok)).status).toBe(200);
    expect((await create({ ...ok, actions: Array(5).fill(ALL_ACTIONS[0]) })).status).toBe(200);
  });

  it('answers the webhook key once, stores only a hash, and refuses a wrong key with 401 JSON', async () => {
    const created = await create({ name: 'Hook', trigger: { kind: 'webhook', options: {} }, actions: [ALL_ACTIONS[0]] }, T.admin);
    expect(created.status).toBe(200);
    const { id, webhookKey, webhookPath } = created.body;
    expect(webhookKey).toMatch(/^whk_/);
    expect(webhookPath).toBe(`/hooks/automations/${id}`);
    const list = await listAll(T.admin);
    expect(JSON.stringify(list.body)).not.toContain(webhookKey);
    const state = await emu.control.state();
    expect(JSON.stringify(state)).not.toContain(webhookKey);
    // Updating keeps the key and never answers it again.
    const update = await create({ automation_id: id, name: 'Hook 2', trigger: { kind: 'webhook', options: {} }, actions: [ALL_ACTIONS[0]] });
    expect(update.status).toBe(200);
    expect(update.body.webhookKey).toBeUndefined();

    const wrong = await api(emu.url, null, 'POST', webhookPath as string, { text: 'x' }, { 'x-webhook-key': 'whk_wrong' });
    expect(wrong.status).toBe(401);
    expect(errorCode(wrong)).toBe('unauthorized');
    const missing = await api(emu.url, null, 'POST', webhookPath as string, { text: 'x' });
    expect(missing.status).toBe(401);
    const right = await api<{ run: { status: string } }>(emu.url, null, 'POST', webhookPath as string, { text: 'build 7 is green' }, { 'x-webhook-key': webhookKey as string });
    expect(right.status).toBe(202);
    expect(right.body.run.status).toBe('ok');
  });

  it('replaying an upsert with its key answers the same id without the webhook key', async () => {
    const body = { name: 'Hook', trigger: { kind: 'webhook', options: {} }, actions: [ALL_ACTIONS[0]] };
    const first = await api<{ id: string; webhookKey?: string }>(emu.url, T.admin, 'POST', path(), body, { 'idempotency-key': 'hook-1' });
    const again = await api<{ id: string; webhookKey?: string }>(emu.url, T.admin, 'POST', path(), body, { 'idempotency-key': 'hook-1' });
    expect(again.body.id).toBe(first.body.id);
    expect(first.body.webhookKey).toBeDefined();
    expect(again.body.webhookKey).toBeUndefined();
    expect((await listAll(T.admin)).body.automations.filter((a) => a.name === 'Hook')).toHaveLength(1);
  });

  it('PATCH toggles enabled (admins); DELETE removes the automation and its run history', async () => {
    const created = await create({ name: 'Echo', trigger: { kind: 'message', options: { contains: 'ping' } }, actions: [ALL_ACTIONS[0]] });
    const id = created.body.id;
    expect((await api(emu.url, T.member, 'PATCH', `${path()}/${id}`, { enabled: false })).status).toBe(403);
    expect((await api(emu.url, T.admin, 'PATCH', `${path()}/${id}`, { enabled: 'no' })).status).toBe(400);
    expect((await api(emu.url, T.admin, 'PATCH', `${path()}/${id}`, { enabled: false, name: 'x' })).status).toBe(400);
    expect((await api(emu.url, T.admin, 'PATCH', `${path()}/${id}`, { enabled: false })).status).toBe(200);
    await api(emu.url, T.member, 'POST', `/api/v1/channels/${ID.general}/messages`, { body: 'ping while disabled' });
    expect(await runsOf(id)).toHaveLength(0);
    await api(emu.url, T.admin, 'PATCH', `${path()}/${id}`, { enabled: true });
    await api(emu.url, T.member, 'POST', `/api/v1/channels/${ID.general}/messages`, { body: 'ping again' });
    expect(await runsOf(id)).toHaveLength(1);
    expect((await api(emu.url, T.member, 'DELETE', `${path()}/${id}`)).status).toBe(403);
    expect((await api(emu.url, T.admin, 'DELETE', `${path()}/${id}`)).status).toBe(200);
    expect((await api(emu.url, T.admin, 'DELETE', `${path()}/${id}`)).status).toBe(404);
    const state = await emu.control.state();
    expect((state.tables.automation_runs as { automation_id: string }[]).filter((r) => r.automation_id === id)).toHaveLength(0);
  });
});

describe('automation engine', () => {
  async function withAllActions(kind: string, options: Record<string, unknown> = {}) {
    const res = await create({ name: `On ${kind}`, trigger: { kind, options }, actions: ALL_ACTIONS });
    expect(res.status).toBe(200);
    return res.body;
  }

  function expectAllActionsRan(detail: string) {
    expect(detail).toContain('posted message');
    expect(detail).toContain('reacted 👀');
    expect(detail).toMatch(/filed T-\d+ and proposed dispatch/);
  }

  const cases: Array<[string, Record<string, unknown>, () => Promise<unknown>]> = [
    ['message', { contains: 'Incident' }, () => api(emu.url, T.member, 'POST', `/api/v1/channels/${ID.general}/messages`, { body: 'new incident in prod' })],
    ['message', { hasAttachment: true }, () => api(emu.url, T.member, 'POST', `/api/v1/channels/${ID.general}/messages`, { body: 'screenshot ![err](https://files.example/err.png)' })],
    ['schedule', { everyMinutes: 15 }, () => emu.control.advanceClock(15 * 60_000)],
    ['pr_merged', {}, () => emu.control.mergePr('https://github.com/acme/app/pull/42')],
    ['checks_failed', {}, () => emu.control.checksFailed('https://github.com/acme/app/pull/42')],
    ['task_completed', {}, () => api(emu.url, T.member, 'PATCH', '/api/v1/tasks/T-3', { status: 'done' })],
    ['run_settled', {}, () => emu.control.setRunStatus('b0000000-0000-4000-8000-000000000001', 'succeeded')],
  ];
  for (const [kind, options, trigger] of cases) {
    it(`${kind} ${JSON.stringify(options)} fires post_message, add_reaction and ask_agent`, async () => {
      const { id } = await withAllActions(kind, options);
      await trigger();
      const runs = await runsOf(id);
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ trigger_kind: kind, status: 'ok' });
      expectAllActionsRan(runs[0]?.detail ?? '');
    });
  }

  it('webhook fires every action kind and renders templates', async () => {
    const { id, webhookKey, webhookPath } = await withAllActions('webhook');
    await api(emu.url, null, 'POST', webhookPath as string, { text: 'deploy finished' }, { 'x-webhook-key': webhookKey as string });
    const runs = await runsOf(id);
    expectAllActionsRan(runs[0]?.detail ?? '');
    const page = await api<{ messages: { body: string; via: string | null }[] }>(emu.url, T.member, 'GET', `/api/v1/channels/${ID.general}/messages?limit=5`);
    const bodies = page.body.messages.map((m) => m.body);
    expect(bodies).toContain('webhook / deploy finished / general');
    expect(bodies.some((b) => b.includes('proposes to ask @helper'))).toBe(true);
  });

  it('a message trigger renders author, text and channel, and does not re-trigger itself', async () => {
    const { id } = (await create({ name: 'Echo', trigger: { kind: 'message', options: { contains: 'echo' } }, actions: [{ kind: 'post_message', options: { text: 'echo: {{author}} said {{text}} in #{{channel}}' } }] })).body;
    await api(emu.url, T.member, 'POST', `/api/v1/channels/${ID.general}/messages`, { body: 'echo hello' });
    const runs = await runsOf(id);
    expect(runs).toHaveLength(1);
    const page = await api<{ messages: { body: string; author: { id: string }; via: string | null }[] }>(emu.url, T.member, 'GET', `/api/v1/channels/${ID.general}/messages?limit=3`);
    const posted = page.body.messages.find((m) => m.body === 'echo: Maria Member said echo hello in #general');
    expect(posted?.author.id).toBe(ID.admin);
    expect(posted?.via).toBe('automation');
  });

  it('hasAttachment:true ignores messages without an attachment; a page link is not one', async () => {
    const { id } = (await create({ name: 'Files', trigger: { kind: 'message', options: { hasAttachment: true } }, actions: [ALL_ACTIONS[1]] })).body;
    await api(emu.url, T.member, 'POST', `/api/v1/channels/${ID.general}/messages`, { body: 'see https://example.com/page.html and https://example.com/docs' });
    expect(await runsOf(id)).toHaveLength(0);
    await api(emu.url, T.member, 'POST', `/api/v1/channels/${ID.general}/messages`, { body: 'report: https://example.com/files/q3-report.pdf' });
    expect(await runsOf(id)).toHaveLength(1);
  });

  it('the fixture automation answers with its template', async () => {
    await api(emu.url, T.member, 'POST', `/api/v1/channels/${ID.general}/messages`, { body: 'please deploy now' });
    const page = await api<{ messages: { body: string }[] }>(emu.url, T.member, 'GET', `/api/v1/channels/${ID.general}/messages?limit=2`);
    expect(page.body.messages.map((m) => m.body)).toContain('Maria Member asked for a deploy in general');
  });

  it('coalesces missed schedule occurrences into one run per clock advance', async () => {
    const { id } = await withAllActions('schedule', { everyMinutes: 15 });
    await emu.control.advanceClock(14 * 60_000);
    expect(await runsOf(id)).toHaveLength(0);
    await emu.control.advanceClock(60 * 60_000);
    const runs = await runsOf(id);
    expect(runs).toHaveLength(1);
    expect(runs[0]?.detail).toBeDefined();
    await emu.control.advanceClock(15 * 60_000);
    expect(await runsOf(id)).toHaveLength(2);
  });

  it('records an error run when an action cannot run, with nothing half-done', async () => {
    const { id } = (await create({ name: 'Bad agent', trigger: { kind: 'message', options: { contains: 'summon' } }, actions: [ALL_ACTIONS[0], { kind: 'ask_agent', options: { agentId: 'no-such-agent', prompt: 'x' } }] })).body;
    await api(emu.url, T.member, 'POST', `/api/v1/channels/${ID.general}/messages`, { body: 'summon' });
    const runs = await runsOf(id);
    expect(runs[0]).toMatchObject({ status: 'error' });
    expect(runs[0]?.detail).toContain('no-such-agent');
    const page = await api<{ messages: { body: string }[] }>(emu.url, T.member, 'GET', `/api/v1/channels/${ID.general}/messages?limit=3`);
    expect(page.body.messages.some((m) => m.body.includes(' / summon / '))).toBe(false);
  });

  it('ask_agent never spends: the run starts only after approve_dispatch', async () => {
    await withAllActions('message', { contains: 'triage' });
    await api(emu.url, T.member, 'POST', `/api/v1/channels/${ID.general}/messages`, { body: 'please triage the crash' });
    const state = await emu.control.state();
    const dispatch = (state.tables.dispatches as { id: string; status: string }[])[0];
    expect(dispatch?.status).toBe('proposed');
    const runsBefore = (state.tables.runs as unknown[]).length;
    const approved = await action(emu.url, T.member, 'approve_dispatch', { dispatchId: dispatch?.id });
    expect(approved.status).toBe(200);
    expect(approved.body.dispatch).toMatchObject({ status: 'approved', runId: expect.any(String) });
    const after = await emu.control.state();
    expect((after.tables.runs as unknown[]).length).toBe(runsBefore + 1);
    expect((await action(emu.url, T.member, 'approve_dispatch', { dispatchId: dispatch?.id })).status).toBe(409);
    expect((await action(emu.url, T.guest, 'approve_dispatch', { dispatchId: dispatch?.id })).status).toBe(403);
  });
});
