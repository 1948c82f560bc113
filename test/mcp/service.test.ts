// The local service's MCP endpoint driven by the official MCP SDK client over real HTTP: the same
// tokens, roles, errors and write guarantees as REST, and named-agent tokens accepted here only.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

async function connect(token: string | null): Promise<Client> {
  const client = await connectMcp(em.url, token);
  open.push(client);
  return client;
}

const TOOL_NAMES = [
  'whoami', 'list_channels', 'read_channel', 'read_thread', 'read_mentions', 'post_message', 'search_messages', 'list_tasks',
  'get_task', 'update_task', 'link_pull_request', 'list_docs', 'read_doc', 'write_doc', 'read_run_events',
  'create_task', 'add_task_note', 'create_doc', 'reply_in_thread',
];

describe('MCP at /api/mcp', () => {
  it('initializes and lists every workspace tool with an input schema', async () => {
    const client = await connect(TOKENS.maria);
    expect(client.getServerVersion()?.name).toBe('wsc-workspace');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    for (const tool of tools) expect(tool.inputSchema.type).toBe('object');
    expect(tools.find((t) => t.name === 'write_doc')?.inputSchema.required).toEqual(expect.arrayContaining(['doc_id', 'body', 'expected_updated_at']));
  });

  it('reads a channel, a thread and a task as the person the token belongs to', async () => {
    const client = await connect(TOKENS.maria);
    const me = await callTool(client, 'whoami');
    expect(me.data).toMatchObject({ kind: 'person', id: IDS.maria, role: 'member' });
    const channel = await callTool(client, 'read_channel', { channel_id: IDS.general });
    expect(channel.isError).toBe(false);
    const rest = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/channels/${IDS.general}/messages`)).body;
    expect(channel.data.messages.map((m: Loose) => m.id)).toEqual(rest.messages.map((m: Loose) => m.id));
    const thread = await callTool(client, 'read_thread', { message_id: IDS.releaseThread });
    expect(thread.data.root.id).toBe(IDS.releaseThread);
    const task = await callTool(client, 'get_task', { task: IDS.searchTask });
    expect(task.data.task.id).toBe(IDS.searchTask);
  });

  it('a keyed post replayed with the same key is written exactly once; the same key for another body is a conflict', async () => {
    const client = await connect(TOKENS.maria);
    const args = { channel_id: IDS.general, body: 'from an agent via MCP', idempotency_key: 'mcp-key-1' };
    const first = await callTool(client, 'post_message', args);
    const again = await callTool(client, 'post_message', args);
    expect(first.isError).toBe(false);
    expect(again.data).toEqual(first.data);
    const state = await em.control.state();
    expect(state.tables.messages?.filter((m) => m.body === 'from an agent via MCP')).toHaveLength(1);
    const other = await callTool(client, 'post_message', { ...args, body: 'something else' });
    expect(other.isError).toBe(true);
    expect(other.data.error.code).toBe('conflict');
  });

  it('write_doc is compare-and-set: a stale updated_at is a conflict naming the current one', async () => {
    const client = await connect(TOKENS.maria);
    const doc = await callTool(client, 'read_doc', { doc_id: IDS.onboardingDoc });
    const saved = await callTool(client, 'write_doc', { doc_id: IDS.onboardingDoc, body: 'v2', expected_updated_at: doc.data.updated_at });
    expect(saved.data.saved).toBe(true);
    const stale = await callTool(client, 'write_doc', { doc_id: IDS.onboardingDoc, body: 'v3', expected_updated_at: doc.data.updated_at });
    expect(stale.isError).toBe(true);
    expect(stale.data.error).toMatchObject({ code: 'conflict', current_updated_at: saved.data.updated_at });
    expect(stale.data.error.hint).toMatch(/latest version/);
  });

  it('answers 401 with WWW-Authenticate without a token, and the SDK client cannot connect', async () => {
    const r = await fetch(`${em.url}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(((await r.json()) as Loose).error.code).toBe('unauthorized');
    await expect(connectMcp(em.url, null)).rejects.toMatchObject({ code: 401 });
    await expect(connectMcp(em.url, TOKENS.revoked)).rejects.toMatchObject({ code: 401 });
  });

  it('keeps roles and scopes: a guest gets 403 on docs, a read-only token cannot post', async () => {
    const guest = await connect(TOKENS.guest);
    const docs = await callTool(guest, 'list_docs');
    expect(docs.isError).toBe(true);
    expect(docs.data).toMatchObject({ status: 403, error: { code: 'permission_required' } });
    expect(typeof docs.data.error.hint).toBe('string');
    const reader = await connect(TOKENS.mariaRead);
    const post = await callTool(reader, 'post_message', { channel_id: IDS.general, body: 'nope' });
    expect(post.data).toMatchObject({ status: 403, error: { code: 'permission_required' } });
  });

  it('reads run events with a cursor', async () => {
    const client = await connect(TOKENS.maria);
    const page = await callTool(client, 'read_run_events', { run_id: IDS.succeededRun });
    expect(page.isError).toBe(false);
    expect(Array.isArray(page.data.events)).toBe(true);
    expect(typeof page.data.nextAfter).toBe('number');
  });

  it('accepts a named-agent token (mgo_) as the agent itself, which /api/v1 refuses', async () => {
    expect((await api(em.url, TOKENS.agent, 'GET', '/api/v1/me')).status).toBe(401);
    const agent = await connect(TOKENS.agent);
    const me = await callTool(agent, 'whoami');
    expect(me.data).toMatchObject({ kind: 'agent', id: IDS.agent, handle: 'helper' });
    const posted = await callTool(agent, 'post_message', { channel_id: IDS.general, body: 'agent reporting in', idempotency_key: 'agent-1' });
    expect(posted.isError).toBe(false);
    const messages = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/channels/${IDS.general}/messages?limit=200`)).body.messages as Loose[];
    expect(messages.find((m) => m.id === posted.data.id)?.author).toMatchObject({ kind: 'agent', id: IDS.agent });
    const guestRoomRun = await callTool(agent, 'read_run_events', { run_id: IDS.guestRoomRun });
    expect(guestRoomRun.data).toMatchObject({ status: 403, error: { code: 'permission_required' } });
    await expect(connectMcp(em.url, 'mgo_not_an_agent')).rejects.toMatchObject({ code: 401 });
  });

  it('the discovery links resolve: the server card describes the endpoint and the tools', async () => {
    const discovery = (await api(em.url, null, 'GET', '/api')).body;
    const card = await fetch(discovery.mcp.server_card);
    expect(card.status).toBe(200);
    const body = (await card.json()) as Loose;
    expect(body.transport).toEqual({ type: 'streamable-http', endpoint: discovery.mcp.url });
    expect(body.tools.map((t: Loose) => t.name)).toContain('read_run_events');
    expect(body.tools.find((t: Loose) => t.name === 'post_message').inputSchema.required).toEqual(['channel_id', 'body']);
    const get = await fetch(discovery.mcp.url);
    expect(get.status).toBe(405);
  });
});
