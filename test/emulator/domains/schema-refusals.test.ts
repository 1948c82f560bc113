// A body the route's schema refuses is answered before the handler runs, with a 400 that names the
// field and says what to send: for a kind-tagged union (automation triggers and actions) the kind
// that was sent, not another branch's complaint; for a pattern, the form in words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { api, domainFixture, ID, T } from '../support/domains';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ fixture: domainFixture() });
});
afterAll(async () => emu.stop());

interface ErrorAnswer {
  error: { code: string; message: string; hint: string };
}

async function refusal(method: string, path: string, body: unknown): Promise<ErrorAnswer['error']> {
  const res = await api<ErrorAnswer>(emu.url, T.admin, method, path, body as Record<string, unknown>);
  expect(res.status, JSON.stringify(body)).toBe(400);
  expect(res.body.error.code).toBe('invalid_request');
  return res.body.error;
}

const automations = `/api/v1/channels/${ID.general}/automations`;
const ok = { name: 'n', trigger: { kind: 'schedule', options: { everyMinutes: 15 } }, actions: [{ kind: 'post_message', options: { text: 'hi' } }] };

describe('refusals from the route schemas', () => {
  it('an unknown trigger or action kind is named with the kinds there are', async () => {
    const trigger = await refusal('POST', automations, { ...ok, trigger: { kind: 'cron', options: {} } });
    expect(trigger.message).toBe('trigger.kind must be one of: message, schedule, pr_merged, checks_failed, task_completed, run_settled, webhook.');
    const action = await refusal('POST', automations, { ...ok, actions: [{ kind: 'send_email', options: {} }] });
    expect(action.message).toBe('actions.0.kind must be one of: post_message, add_reaction, ask_agent.');
  });

  it("a known kind's own options are checked and named", async () => {
    const schedule = await refusal('POST', automations, { ...ok, trigger: { kind: 'schedule', options: { everyMinutes: 14 } } });
    expect(schedule.message).toBe('trigger.options.everyMinutes must be at least 15.');
    const ask = await refusal('POST', automations, { ...ok, actions: [{ kind: 'ask_agent', options: { prompt: 'x' } }] });
    expect(ask.message).toBe('actions.0.options.agentId is required.');
    const extra = await refusal('POST', automations, { ...ok, trigger: { kind: 'pr_merged', options: { repo: 'x' } } });
    expect(extra.message).toBe('Unknown field: trigger.options.repo.');
  });

  it('PATCH of an automation takes only enabled, as a boolean', async () => {
    const path = `${automations}/${ID.automation}`;
    expect((await refusal('PATCH', path, { enabled: 'no' })).message).toBe('enabled must be a boolean.');
    expect((await refusal('PATCH', path, { enabled: false, name: 'x' })).message).toBe('Unknown field: name.');
  });

  it('an env name in the wrong form is described in words; an empty value is refused', async () => {
    const env = `/api/v1/channels/${ID.general}/env`;
    const name = await refusal('PUT', env, { name: 'api-url', value: 'x', kind: 'secret' });
    expect(name.message).toBe('name is not in the accepted form.');
    expect(name.hint).toBe('Send name as: Upper-case letters, digits and underscores, not starting with a digit.');
    expect((await refusal('PUT', env, { name: 'API_URL', value: '', kind: 'secret' })).message).toBe('value must not be empty.');
    expect((await refusal('PUT', env, { name: 'API_URL', value: 'x', kind: 'plain' })).message).toBe('kind must be one of: "secret", "variable".');
  });

  it('a negative budget and a task field of the wrong type are named', async () => {
    expect((await refusal('PUT', `/api/v1/channels/${ID.general}/budget`, { monthlyCredits: -1 })).message).toBe('monthlyCredits must be at least 0.');
    expect((await refusal('PATCH', '/api/v1/tasks/T-1', { priority: 9 })).message).toBe('priority must be at most 4.');
    expect((await refusal('PATCH', '/api/v1/tasks/T-1', { labels: [1] })).message).toBe('labels.0 must be a string.');
    expect((await refusal('PATCH', '/api/v1/tasks/T-1', { status: 'open' })).message).toBe('status must be one of: "backlog", "todo", "doing", "in_review", "done", "canceled".');
  });
});
