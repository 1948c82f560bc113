// The --demo workspace and the demo agent: a mention gets a thread reply carrying run_id, and the
// run emits a realistic ledger (with a child run) and settles within a bounded wait.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelsResponse, Identity, Message, RunEventsPage, TasksResponse, Thread } from '../../../shared/contract';
import { DEMO_IDS, DEMO_TOKENS, demoFixture } from '../../../emulator/demo/fixture';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { action, api, domainFixture, ID, T, waitFor } from '../support/domains';

const stepBefore = process.env.WSC_DEMO_AGENT_STEP_MS;
process.env.WSC_DEMO_AGENT_STEP_MS = '20';
// Test files share a worker process: later files see the step they would see alone.
afterAll(() => {
  if (stepBefore === undefined) delete process.env.WSC_DEMO_AGENT_STEP_MS;
  else process.env.WSC_DEMO_AGENT_STEP_MS = stepBefore;
});

async function readAllEvents(base: string, token: string, runId: string) {
  const events: RunEventsPage['events'] = [];
  let after = 0;
  for (;;) {
    const page = await api<RunEventsPage>(base, token, 'GET', `/api/v1/runs/${runId}/events?after=${after}`);
    events.push(...page.body.events);
    after = page.body.nextAfter;
    if (!page.body.hasMore) return events;
  }
}

describe('the demo workspace', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ demo: true });
  });
  afterAll(async () => emu.stop());

  it('loads people, channels (private, DM, archived), docs, tasks and a finished run', async () => {
    const me = await api<Identity>(emu.url, DEMO_TOKENS.alice, 'GET', '/api/v1/me');
    expect(me.body).toMatchObject({ name: 'Alice Chen', workspace: 'Lumen Labs' });
    const bob = await api<ChannelsResponse>(emu.url, DEMO_TOKENS.bob, 'GET', '/api/v1/channels');
    const names = bob.body.channels.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['general', 'engineering', 'design']));
    expect(names).not.toContain('launch-planning');
    expect(bob.body.channels.some((c) => c.kind === 'dm')).toBe(true);
    expect(bob.body.channels.find((c) => c.name === 'engineering')?.room_icon).toBe('icon:code:#3b82f6');
    const erin = await api<ChannelsResponse>(emu.url, DEMO_TOKENS.erin, 'GET', '/api/v1/channels');
    expect(erin.body.channels.map((c) => c.name)).toEqual(['client-acme']);
    const tasks = await api<TasksResponse>(emu.url, DEMO_TOKENS.bob, 'GET', '/api/v1/tasks?limit=50');
    expect(new Set(tasks.body.tasks.map((t) => t.status)).size).toBeGreaterThanOrEqual(5);
    expect(tasks.body.tasks.some((t) => t.kind === 'epic')).toBe(true);
    const docs = await api<{ docs: { is_folder: boolean; mirrors_rules_file: boolean }[] }>(emu.url, DEMO_TOKENS.bob, 'GET', '/api/v1/docs');
    expect(docs.body.docs.some((d) => d.is_folder)).toBe(true);
    expect(docs.body.docs.some((d) => d.mirrors_rules_file)).toBe(true);
    const events = await readAllEvents(emu.url, DEMO_TOKENS.bob, DEMO_IDS.run);
    expect(events.map((e) => e.name)).toEqual(expect.arrayContaining(['run.started', 'child.started', 'child.settled', 'usage.reported', 'run.settled']));
    const caps = await api(emu.url, DEMO_TOKENS.alice, 'GET', '/api/v1/actions/list_founder_invites');
    expect(caps.status).toBe(200);
  });

  it('every demo run ends after it starts, a child run inside its parent, the reply after the run', () => {
    const fixture = demoFixture(Date.parse('2026-11-21T12:00:00Z'));
    const runs = fixture.runs ?? [];
    expect(runs.length).toBeGreaterThanOrEqual(2);
    for (const run of runs) {
      expect(Date.parse(run.ended_at as string), run.id).toBeGreaterThanOrEqual(Date.parse(run.started_at as string));
      for (const event of run.events ?? []) {
        expect(Date.parse(event.at as string)).toBeGreaterThanOrEqual(Date.parse(run.started_at as string));
        expect(Date.parse(event.at as string)).toBeLessThanOrEqual(Date.parse(run.ended_at as string));
      }
    }
    const parent = runs.find((r) => r.id === DEMO_IDS.run)!;
    const child = runs.find((r) => r.id === DEMO_IDS.childRun)!;
    expect(Date.parse(child.started_at as string)).toBeGreaterThanOrEqual(Date.parse(parent.started_at as string));
    expect(Date.parse(child.ended_at as string)).toBeLessThanOrEqual(Date.parse(parent.ended_at as string));
    const reply = (fixture.messages ?? []).find((m) => m.run_id === DEMO_IDS.run)!;
    expect(Date.parse(reply.created_at as string)).toBeGreaterThanOrEqual(Date.parse(parent.ended_at as string));
  });

  it('the agent answers a mention in the thread with run_id, emits events and settles', async () => {
    const posted = await api<{ id: string }>(emu.url, DEMO_TOKENS.bob, 'POST', `/api/v1/channels/${DEMO_IDS.engineering}/messages`, {
      body: '@scout can you speed up the sync-store flusher?',
    });
    expect(posted.status).toBeLessThan(300);
    const reply = await waitFor(async () => {
      const thread = await api<Thread>(emu.url, DEMO_TOKENS.bob, 'GET', `/api/v1/threads/${posted.body.id}`);
      return thread.body.replies.find((m: Message) => m.author.kind === 'agent' && m.run_id);
    });
    expect(reply.body).toContain('@bob');
    const runId = reply.run_id as string;
    const events = await waitFor(async () => {
      const all = await readAllEvents(emu.url, DEMO_TOKENS.bob, runId);
      return all.some((e) => e.name === 'run.settled') ? all : null;
    }, 10_000);
    const names = events.map((e) => e.name);
    for (const name of ['run.started', 'tool.call', 'tool.result', 'file.changed', 'check.completed', 'usage.reported', 'child.started', 'child.settled', 'message.posted', 'run.settled']) {
      expect(names).toContain(name);
    }
    expect(names.indexOf('run.started')).toBe(0);
    expect(names.at(-1)).toBe('run.settled');
    expect(events.every((e) => e.known)).toBe(true);
    const child = events.find((e) => e.name === 'child.started')?.payload as { run_id: string };
    const childEvents = await readAllEvents(emu.url, DEMO_TOKENS.bob, child.run_id);
    expect(childEvents.map((e) => e.name)).toContain('run.settled');
    const state = await emu.control.state();
    const runs = state.tables.runs as { id: string; status: string }[];
    expect(runs.find((r) => r.id === runId)?.status).toBe('succeeded');
    expect(runs.find((r) => r.id === child.run_id)?.status).toBe('succeeded');
    const thread = await api<Thread>(emu.url, DEMO_TOKENS.bob, 'GET', `/api/v1/threads/${posted.body.id}`);
    expect(thread.body.replies.filter((m) => m.author.kind === 'agent')).toHaveLength(2);
  });

  it('does not answer when not mentioned or when not a member of the room', async () => {
    const posted = await api<{ id: string }>(emu.url, DEMO_TOKENS.bob, 'POST', `/api/v1/channels/${DEMO_IDS.general}/messages`, { body: '@scout are you here?' });
    await new Promise((r) => setTimeout(r, 150));
    const thread = await api<Thread>(emu.url, DEMO_TOKENS.bob, 'GET', `/api/v1/threads/${posted.body.id}`);
    expect(thread.body.replies).toHaveLength(0);
  });
});

describe('approved dispatches', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ fixture: domainFixture() });
  });
  afterAll(async () => emu.stop());

  it('an approved ask_agent dispatch plays the agent run to the end', async () => {
    const created = await api<{ id: string }>(emu.url, T.admin, 'POST', `/api/v1/channels/${ID.general}/automations`, {
      name: 'Triage',
      trigger: { kind: 'message', options: { contains: 'crash' } },
      actions: [{ kind: 'ask_agent', options: { agentId: ID.agent, prompt: 'Investigate: {{text}}' } }],
    });
    expect(created.status).toBe(200);
    await api(emu.url, T.member, 'POST', `/api/v1/channels/${ID.general}/messages`, { body: 'the app crash on login is back' });
    const state = await emu.control.state();
    const dispatch = (state.tables.dispatches as { id: string; task_id: string }[])[0] as { id: string; task_id: string };
    const approved = await action(emu.url, T.member, 'approve_dispatch', { dispatchId: dispatch.id });
    const runId = (approved.body.dispatch as { runId: string }).runId;
    const settled = await waitFor(async () => {
      const s = await emu.control.state();
      return (s.tables.runs as { id: string; status: string; requester_id: string }[]).find((r) => r.id === runId && r.status === 'succeeded');
    }, 10_000);
    expect(settled.requester_id).toBe(ID.member);
    const task = await api<{ task: { assignee_agent_id: string; labels: string[] } }>(emu.url, T.member, 'GET', `/api/v1/actions/get_task?taskId=${dispatch.task_id}`);
    expect(task.body.task).toMatchObject({ assignee_agent_id: ID.agent, labels: ['automation'] });
  });
});
