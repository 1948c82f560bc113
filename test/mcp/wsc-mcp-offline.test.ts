// `wsc mcp` while the service cannot be reached (issue #43, point 5), with real parts: the built
// dist/wsc.js as a stdio subprocess driven by the official MCP SDK client, against the local
// service that is stopped and brought back on the same port. Reads answer from the account's
// offline cache (filled by the earlier online reads through the bridge itself) and say how old the
// copy is; a post and a task note queue in the outbox (the answer says queued, with the entry id)
// and are sent exactly once after the service is back; a read with nothing cached says so and what to do.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { cliEnv, makeHome, runWsc, WSC } from '../cli/run-wsc';
import { IDS, TOKENS } from '../emulator/support/api';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { callTool } from './mcp-client';

const running: { client: Client }[] = [];
const services: TestEmulator[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) await r.client.close();
  for (const s of services.splice(0)) await s.stop().catch(() => undefined);
});

async function start(options: Parameters<typeof startEmulator>[0] = {}): Promise<TestEmulator> {
  const em = await startEmulator(options);
  services.push(em);
  return em;
}

async function stop(em: TestEmulator): Promise<void> {
  services.splice(services.indexOf(em), 1);
  await em.stop();
}

async function startWscMcp(env: NodeJS.ProcessEnv): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [WSC, 'mcp'], env: env as Record<string, string>, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const client = new Client({ name: 'wsc-mcp-offline-test', version: '1.0.0' });
  running.push({ client });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

async function postsWith(em: TestEmulator, body: string): Promise<Record<string, unknown>[]> {
  const state = await em.control.state();
  return state.tables.messages?.filter((m) => m.body === body) ?? [];
}

/** Polls the service state until `done` holds (no timing is asserted: the test's own timeout bounds it). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('wsc mcp while the service cannot be reached', () => {
  it('reads answer from the cache, a post and a note queue and are sent exactly once when the service is back', async () => {
    const first = await start();
    const port = Number(new URL(first.url).port);
    const env = cliEnv(makeHome(), { url: first.url, token: TOKENS.maria });
    const { client, stderr } = await startWscMcp(env);
    const online = await callTool(client, 'read_channel', { channel_id: IDS.general });
    expect(online.isError).toBe(false);
    expect(online.data.messages.length).toBeGreaterThan(0);

    await stop(first);

    // A read made online answers from the cache, saying so and how old it is.
    const cached = await callTool(client, 'read_channel', { channel_id: IDS.general });
    expect(cached.isError).toBe(false);
    expect(cached.text).toMatch(/cannot be reached .*cached just now/);
    expect(cached.data.cached.savedAt).toEqual(expect.any(String));
    expect(cached.data.messages.map((m: { id: string }) => m.id)).toEqual(online.data.messages.map((m: { id: string }) => m.id));

    // A read never made: an error result saying nothing is cached and what to do.
    const missing = await callTool(client, 'read_doc', { doc_id: 'never-read' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/nothing is cached for read_doc/);
    expect(missing.text).toMatch(/ask again once it can be reached/);

    // A write with no outbox operation is refused, not queued.
    const task = await callTool(client, 'create_task', { title: 'filed offline' });
    expect(task.isError).toBe(true);
    expect(task.text).toMatch(/nothing was written or queued/);

    // A post queues in the outbox: the answer says so, with the entry id; a retry with the same key is the same entry.
    const post = { channel_id: IDS.general, body: 'posted while the service was away', idempotency_key: 'offline-mcp-1' };
    const queued = await callTool(client, 'post_message', post);
    expect(queued.isError).toBe(false);
    expect(queued.text).toMatch(/^Queued: .*outbox as entry \d+/);
    expect(queued.data).toEqual({ queued: true, outbox_entry: expect.any(Number) });
    const again = await callTool(client, 'post_message', post);
    expect(again.data.outbox_entry).toBe(queued.data.outbox_entry);
    // A task note queues too (a task_update with append_note), behind the post.
    const note = await callTool(client, 'add_task_note', { task: IDS.searchTask, note: 'Noted while the service was away.' });
    expect(note.isError).toBe(false);
    expect(note.data.outbox_entry).toBeGreaterThan(queued.data.outbox_entry);

    // The service comes back where the bridge knows it: the outbox is sent, once (by the session's
    // own retry, or at once when the next call reaches the service).
    const back = await start({ port });
    const me = await callTool(client, 'whoami');
    expect(me.isError).toBe(false);
    const sent = await until(() => postsWith(back, post.body), (rows) => rows.length > 0);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.channel_id).toBe(IDS.general);
    const noted = await until(
      async () => (await back.control.state()).tables.tasks?.find((t) => t.id === IDS.searchTask),
      (task) => String(task?.description).includes('Noted while the service was away.'),
    );
    expect(String(noted?.description).split('Noted while the service was away.')).toHaveLength(2);
    // The same key sent online again is the service's receipt, not a second post.
    const replay = await callTool(client, 'post_message', post);
    expect(replay.isError).toBe(false);
    await client.close();
    expect(await postsWith(back, post.body)).toHaveLength(1);
    const outbox = await runWsc(['outbox', 'list'], { env: { ...env, WSC_URL: back.url } });
    expect(outbox.code, outbox.stderr).toBe(0);
    expect(outbox.stdout).not.toMatch(/posted while the service was away/);
    expect(stderr()).not.toContain(TOKENS.maria);
  });

  it('a later start while the service is away answers initialize, tools/list and reads from what was kept', async () => {
    const em = await start();
    const env = cliEnv(makeHome(), { url: em.url, token: TOKENS.maria });
    const online = await startWscMcp(env);
    const tools = await online.client.listTools();
    const channels = await callTool(online.client, 'list_channels');
    expect(channels.isError).toBe(false);
    await online.client.close();
    await stop(em);

    const { client, stderr } = await startWscMcp(env);
    expect(client.getServerVersion()?.name).toBe('wsc-workspace');
    expect(client.getInstructions()).toMatch(/cannot be reached right now/);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(tools.tools.map((t) => t.name));
    const cached = await callTool(client, 'list_channels');
    expect(cached.isError).toBe(false);
    expect(cached.data.channels).toEqual(channels.data.channels);
    expect(cached.text).toMatch(/the channel list as cached/);
    const reply = await callTool(client, 'reply_in_thread', { thread_id: 'not-a-cached-message', body: 'hello' });
    expect(reply.isError).toBe(true);
    expect(reply.text).toMatch(/is not cached, so the reply cannot be queued/);
    expect(stderr()).toMatch(/Cannot reach the workspace service/);
    expect(stderr()).not.toContain(TOKENS.maria);
  });

  it('a post queued by a wsc mcp that ends before the service is back is sent once by the next wsc command', async () => {
    const em = await start();
    const port = Number(new URL(em.url).port);
    await stop(em);
    // Never online with this token: the write waits in a provisional outbox of the token.
    const env = cliEnv(makeHome(), { url: em.url, token: TOKENS.maria });
    const { client } = await startWscMcp(env);
    const body = 'queued before the account was ever known';
    const queued = await callTool(client, 'post_message', { channel_id: IDS.general, body });
    expect(queued.isError).toBe(false);
    expect(queued.data).toEqual({ queued: true, outbox_entry: expect.any(Number) });
    await client.close();

    const back = await start({ port });
    const channels = await runWsc(['channels'], { env });
    expect(channels.code, channels.stderr).toBe(0);
    expect(await postsWith(back, body)).toHaveLength(1);
    expect((await runWsc(['channels'], { env })).code).toBe(0);
    expect(await postsWith(back, body)).toHaveLength(1);
    expect((await runWsc(['outbox', 'list'], { env })).stdout).toMatch(/Nothing waits in the outbox/);
  });

  it('what an earlier wsc mcp queued is sent once by the next wsc mcp when the service answers it', async () => {
    const em = await start();
    const port = Number(new URL(em.url).port);
    const env = cliEnv(makeHome(), { url: em.url, token: TOKENS.maria });
    const first = await startWscMcp(env);
    expect((await callTool(first.client, 'whoami')).isError).toBe(false);
    await stop(em);
    const body = 'queued by the run before';
    expect((await callTool(first.client, 'post_message', { channel_id: IDS.general, body })).data).toEqual({ queued: true, outbox_entry: expect.any(Number) });
    await first.client.close();

    const back = await start({ port });
    const { client } = await startWscMcp(env);
    expect((await callTool(client, 'list_channels')).isError).toBe(false);
    expect(await until(() => postsWith(back, body), (rows) => rows.length > 0)).toHaveLength(1);
    await client.close();
    expect(await postsWith(back, body)).toHaveLength(1);
  });
});
