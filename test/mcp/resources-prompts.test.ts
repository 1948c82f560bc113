// MCP resources (docs, tasks, run timelines) and prompts (catch up on a channel, triage my tasks)
// through the official SDK client as a member and as a guest: each shows what REST shows that
// person, and refuses what REST refuses them.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, IDS, TOKENS } from '../emulator/support/api';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { connectMcp, type Loose } from './mcp-client';

let em: TestEmulator;
const open: Client[] = [];
beforeAll(async () => {
  em = await startEmulator();
});
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});
afterAll(() => em.stop());

async function connect(token: string): Promise<Client> {
  const client = await connectMcp(em.url, token);
  open.push(client);
  return client;
}

const rest = async (token: string, path: string): Promise<Loose> => (await api(em.url, token, 'GET', path)).body;

async function readText(client: Client, uri: string): Promise<string> {
  const { contents } = await client.readResource({ uri });
  const first = contents[0] as Loose;
  expect(first.uri).toBe(uri);
  return first.text as string;
}

/** The JSON-RPC error a read or prompt answers (fails the test when it succeeds). */
async function refusal(promise: Promise<unknown>): Promise<McpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(McpError);
  return error as McpError;
}

const promptText = (result: Loose): string => result.messages.map((m: Loose) => m.content.text).join('\n');

describe('MCP resources', () => {
  it('offers doc, task and run-timeline templates', async () => {
    const client = await connect(TOKENS.maria);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual(['wsc://doc/{doc_id}', 'wsc://run/{run_id}/timeline', 'wsc://task/{task}']);
    for (const t of resourceTemplates) expect(t.description).toBeTruthy();
  });

  it('a member lists and reads the docs, tasks and run events REST gives them', async () => {
    const client = await connect(TOKENS.maria);
    const { resources } = await client.listResources();
    const docs = (await rest(TOKENS.maria, '/api/v1/docs')).docs.filter((d: Loose) => !d.is_folder);
    const tasks = (await rest(TOKENS.maria, '/api/v1/tasks')).tasks;
    expect(resources.filter((r) => r.uri.startsWith('wsc://doc/')).map((r) => r.uri).sort()).toEqual(docs.map((d: Loose) => `wsc://doc/${d.id}`).sort());
    expect(resources.filter((r) => r.uri.startsWith('wsc://task/')).map((r) => r.uri).sort()).toEqual(tasks.map((t: Loose) => `wsc://task/${t.ref}`).sort());

    const doc = await rest(TOKENS.maria, `/api/v1/docs/${IDS.onboardingDoc}`);
    expect(await readText(client, `wsc://doc/${IDS.onboardingDoc}`)).toBe(doc.body);

    const ref = tasks.find((t: Loose) => t.id === IDS.searchTask).ref as string;
    expect(JSON.parse(await readText(client, `wsc://task/${ref}`)).task).toMatchObject({ id: IDS.searchTask, ref });

    const events = await rest(TOKENS.maria, `/api/v1/runs/${IDS.stoppedRun}/events?limit=200`);
    const timeline = JSON.parse(await readText(client, `wsc://run/${IDS.stoppedRun}/timeline`));
    expect(timeline.events.map((e: Loose) => e.seq)).toEqual(events.events.map((e: Loose) => e.seq));
    expect(timeline.events.length).toBeGreaterThan(0);
  });

  it('a guest lists no docs and only their tasks, and cannot read what REST hides from them', async () => {
    const client = await connect(TOKENS.guest);
    const { resources } = await client.listResources();
    const tasks = (await rest(TOKENS.guest, '/api/v1/tasks')).tasks;
    expect(resources.filter((r) => r.uri.startsWith('wsc://doc/'))).toEqual([]);
    expect(resources.map((r) => r.uri).sort()).toEqual(tasks.map((t: Loose) => `wsc://task/${t.ref}`).sort());
    expect(tasks.some((t: Loose) => t.id === IDS.searchTask)).toBe(false);

    const doc = await refusal(client.readResource({ uri: `wsc://doc/${IDS.onboardingDoc}` }));
    expect(doc.code).toBe(-32000);
    expect(doc.data).toMatchObject({ code: 'permission_required', status: 403 });
    const task = await refusal(client.readResource({ uri: `wsc://task/${IDS.searchTask}` }));
    const restTask = await api(em.url, TOKENS.guest, 'GET', `/api/v1/actions/get_task?taskId=${IDS.searchTask}`);
    expect(restTask.status).toBeGreaterThanOrEqual(400);
    expect(task.data).toMatchObject({ code: restTask.body.error.code, status: restTask.status });
    expect(task.message).not.toContain('search ranking');
    expect((await refusal(client.readResource({ uri: `wsc://run/${IDS.privateRun}/timeline` }))).code).toBe(-32002);
    expect((await refusal(client.readResource({ uri: `wsc://run/${IDS.guestRoomRun}/timeline` }))).data).toMatchObject({ code: 'permission_required' });
  });
});

describe('MCP prompts', () => {
  it('lists the catch-up and triage prompts with descriptions and arguments', async () => {
    const client = await connect(TOKENS.maria);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(['catch_up_on_channel', 'triage_my_tasks']);
    for (const p of prompts) expect(p.description).toBeTruthy();
    expect(prompts.find((p) => p.name === 'catch_up_on_channel')?.arguments).toEqual([expect.objectContaining({ name: 'channel', required: true })]);
  });

  it("catches a member up on a channel by name with its messages, and refuses a guest a room they cannot read", async () => {
    const maria = await connect(TOKENS.maria);
    const messages = (await rest(TOKENS.maria, `/api/v1/channels/${IDS.general}/messages?limit=50`)).messages;
    const text = promptText(await maria.getPrompt({ name: 'catch_up_on_channel', arguments: { channel: '#general' } }));
    expect(text).toContain('#general');
    for (const m of messages) expect(text).toContain(m.body);
    expect(promptText(await maria.getPrompt({ name: 'catch_up_on_channel', arguments: { channel: IDS.general } }))).toBe(text);

    const guest = await connect(TOKENS.guest);
    for (const channel of ['general', IDS.leadership]) {
      const refused = await refusal(guest.getPrompt({ name: 'catch_up_on_channel', arguments: { channel } }));
      expect(refused.code).toBe(-32602);
      expect(refused.message).toContain('list_channels');
    }
    const room = (await rest(TOKENS.guest, `/api/v1/channels/${IDS.guestRoom}/messages?limit=50`)).messages;
    const guestText = promptText(await guest.getPrompt({ name: 'catch_up_on_channel', arguments: { channel: 'client-collab' } }));
    for (const m of room) expect(guestText).toContain(m.body);
    for (const m of messages) expect(guestText).not.toContain(m.body);
  });

  it("triages the caller's own open tasks only", async () => {
    const maria = await connect(TOKENS.maria);
    const mine = (await rest(TOKENS.maria, '/api/v1/tasks?assignee=me')).tasks.filter((t: Loose) => !['done', 'canceled'].includes(t.status));
    const all = (await rest(TOKENS.maria, '/api/v1/tasks')).tasks;
    const text = promptText(await maria.getPrompt({ name: 'triage_my_tasks' }));
    expect(mine.length).toBeGreaterThan(0);
    for (const t of mine) expect(text).toContain(`${t.ref} [${t.status}`);
    for (const t of all.filter((t: Loose) => !mine.some((m: Loose) => m.id === t.id))) expect(text).not.toContain(t.title);
  });
});
