// The write tools beyond posting (create_task, add_task_note, create_doc, reply_in_thread), driven
// by the official SDK client over real HTTP and through `wsc mcp` (stdio), each read back through
// REST: written once per idempotency key, bounded by the REST route's contract schema, refused for
// a guest or read-only token with the service's code.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/contract';
import { cliEnv, makeHome, WSC } from '../cli/run-wsc';
import { api, IDS, TOKENS } from '../emulator/support/api';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { callTool, connectMcp, type Loose } from './mcp-client';

let em: TestEmulator;
const open: Client[] = [];
beforeAll(async () => {
  em = await startEmulator();
});
beforeEach(() => em.control.reset());
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});
afterAll(() => em.stop());

async function connect(token: string): Promise<Client> {
  const client = await connectMcp(em.url, token);
  open.push(client);
  return client;
}

describe('write tools over HTTP', () => {
  it('are listed as writes with an idempotency_key and the route bounds', async () => {
    const { tools } = await (await connect(TOKENS.maria)).listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const name of ['create_task', 'add_task_note', 'create_doc', 'reply_in_thread']) {
      const tool = byName.get(name);
      expect(tool?.annotations?.readOnlyHint, name).toBe(false);
      expect(tool?.inputSchema.properties, name).toHaveProperty('idempotency_key');
    }
    const props = (name: string) => byName.get(name)?.inputSchema.properties as Loose;
    expect(props('create_task').title.maxLength).toBe(LIMITS.taskTitleMax);
    expect(props('add_task_note').note.maxLength).toBe(LIMITS.taskNoteMax);
    expect(byName.get('add_task_note')?.inputSchema.required).toEqual(expect.arrayContaining(['task', 'note']));
    expect(props('create_doc').title.maxLength).toBe(LIMITS.docTitleMax);
    expect(props('reply_in_thread').body.maxLength).toBe(LIMITS.messageBodyMax);
    expect(byName.get('reply_in_thread')?.inputSchema.required).toEqual(expect.arrayContaining(['thread_id', 'body']));
  });

  it('create_task files a task once per key; REST reads it back', async () => {
    const client = await connect(TOKENS.maria);
    const args = { title: 'Agent-filed: flaky login test', description: 'Seen twice today.', priority: 1, labels: ['ci'], idempotency_key: 'task-key-1' };
    const first = await callTool(client, 'create_task', args);
    const again = await callTool(client, 'create_task', args);
    expect(first.isError).toBe(false);
    expect(first.data).toMatchObject({ ref: expect.stringMatching(/^T-\d+$/) });
    expect(again.data).toEqual(first.data);
    const tasks = (await api(em.url, TOKENS.maria, 'GET', '/api/v1/tasks?q=flaky%20login&limit=50')).body.tasks as Loose[];
    expect(tasks.filter((t) => t.title === args.title)).toHaveLength(1);
    const other = await callTool(client, 'create_task', { ...args, title: 'another' });
    expect(other.data.error.code).toBe('conflict');
  });

  it('add_task_note appends one dated line, once per key, and changes nothing else', async () => {
    const client = await connect(TOKENS.maria);
    const getTask = async () => (await api(em.url, TOKENS.maria, 'GET', `/api/v1/actions/get_task?taskId=${IDS.searchTask}`)).body.task as Loose;
    const before = await getTask();
    const args = { task: IDS.searchTask, note: 'Reproduced on main; fix in review.', idempotency_key: 'note-key-1' };
    expect((await callTool(client, 'add_task_note', args)).isError).toBe(false);
    expect((await callTool(client, 'add_task_note', args)).isError).toBe(false);
    const after = await getTask();
    expect(after.description.split('Reproduced on main').length - 1).toBe(1);
    expect(after.description).toMatch(/- \d{4}-\d{2}-\d{2}: Reproduced on main; fix in review\.$/);
    expect(after.description.startsWith(before.description)).toBe(true);
    expect({ ...after, description: null, updated_at: null }).toEqual({ ...before, description: null, updated_at: null });
    const tooLong = await callTool(client, 'add_task_note', { task: IDS.searchTask, note: 'x'.repeat(LIMITS.taskNoteMax + 1) });
    expect(tooLong.isError).toBe(true);
    expect(tooLong.text).toContain(`'note' is a string of ${(LIMITS.taskNoteMax + 1).toLocaleString('en-US')} characters; the limit is ${LIMITS.taskNoteMax.toLocaleString('en-US')} characters`);
    const missing = await callTool(client, 'add_task_note', { task: 'T-99999', note: 'x' });
    expect(missing.data.error.code).toBe('not_found');
  });

  it('create_doc creates a doc once per key in a folder; REST reads it back', async () => {
    const client = await connect(TOKENS.maria);
    const args = { title: 'Agent notes', body: '# Findings\n\nAll green.', parent_id: IDS.folder, idempotency_key: 'doc-key-1' };
    const first = await callTool(client, 'create_doc', args);
    const again = await callTool(client, 'create_doc', args);
    expect(first.isError).toBe(false);
    expect(again.data).toEqual(first.data);
    const doc = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/docs/${first.data.id}`)).body;
    expect(doc).toMatchObject({ title: 'Agent notes', body: '# Findings\n\nAll green.', parent_id: IDS.folder });
    const docs = (await api(em.url, TOKENS.maria, 'GET', '/api/v1/docs?limit=500')).body.docs as Loose[];
    expect(docs.filter((d) => d.title === 'Agent notes')).toHaveLength(1);
    const notFolder = await callTool(client, 'create_doc', { title: 't', body: '', parent_id: IDS.onboardingDoc });
    expect(notFolder.data).toMatchObject({ status: 400, error: { code: 'invalid_request' } });
  });

  it('reply_in_thread answers in the thread of a root or of any reply, once per key', async () => {
    const client = await connect(TOKENS.maria);
    const args = { thread_id: IDS.releaseThread, body: 'Done: @mike the fix is in.', idempotency_key: 'reply-key-1' };
    const first = await callTool(client, 'reply_in_thread', args);
    const again = await callTool(client, 'reply_in_thread', args);
    expect(first.isError).toBe(false);
    expect(again.data).toEqual(first.data);
    const viaReply = await callTool(client, 'reply_in_thread', { thread_id: first.data.id, body: 'and a follow-up' });
    expect(viaReply.isError).toBe(false);
    const thread = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/threads/${IDS.releaseThread}?limit=200`)).body;
    expect(thread.replies.filter((r: Loose) => r.body === args.body)).toHaveLength(1);
    expect(thread.replies.map((r: Loose) => r.id)).toEqual(expect.arrayContaining([first.data.id, viaReply.data.id]));
    const unknown = await callTool(client, 'reply_in_thread', { thread_id: 'no-such-message', body: 'x' });
    expect(unknown.data.error.code).toBe('not_found');
  });

  it('a read-only token and a guest are refused with permission_required, and nothing is written', async () => {
    const reader = await connect(TOKENS.mariaRead);
    for (const [name, args] of [
      ['create_task', { title: 'nope' }],
      ['add_task_note', { task: IDS.searchTask, note: 'nope' }],
      ['create_doc', { title: 'nope', body: '' }],
      ['reply_in_thread', { thread_id: IDS.releaseThread, body: 'nope' }],
    ] as const) {
      const r = await callTool(reader, name, args);
      expect(r.data, name).toMatchObject({ status: 403, error: { code: 'permission_required' } });
    }
    const guest = await connect(TOKENS.guest);
    expect((await callTool(guest, 'create_doc', { title: 'nope', body: '' })).data).toMatchObject({ status: 403, error: { code: 'permission_required' } });
    expect((await callTool(guest, 'create_task', { title: 'nope' })).data).toMatchObject({ status: 403, error: { code: 'permission_required' } });
    const state = await em.control.state();
    expect(state.tables.tasks?.some((t) => t.title === 'nope')).toBe(false);
    expect(state.tables.docs?.some((d) => d.title === 'nope')).toBe(false);
    expect(state.tables.messages?.some((m) => m.body === 'nope')).toBe(false);
  });
});

describe('write tools through wsc mcp (stdio)', () => {
  it('create_task and reply_in_thread write once per key, as the token holder, via wsc-mcp', async () => {
    const client = new Client({ name: 'wsc-write-tools-test', version: '1.0.0' });
    open.push(client);
    const env = cliEnv(makeHome(), { url: em.url, token: TOKENS.maria }) as Record<string, string>;
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [WSC, 'mcp'], env, stderr: 'pipe' }));
    const task = { title: 'Filed over stdio', idempotency_key: 'stdio-task-1' };
    const first = await callTool(client, 'create_task', task);
    expect((await callTool(client, 'create_task', task)).data).toEqual(first.data);
    const reply = { thread_id: IDS.releaseThread, body: `Filed ${String(first.data.ref)}`, idempotency_key: 'stdio-reply-1' };
    await callTool(client, 'reply_in_thread', reply);
    await callTool(client, 'reply_in_thread', reply);
    const state = await em.control.state();
    expect(state.tables.tasks?.filter((t) => t.title === 'Filed over stdio')).toHaveLength(1);
    const replies = state.tables.messages?.filter((m) => m.body === reply.body) ?? [];
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ parent_id: IDS.releaseThread, author_id: IDS.maria, via: 'wsc-mcp' });
  });
});
