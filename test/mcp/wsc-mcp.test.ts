// `wsc mcp` (the built dist/wsc.js; run `node esbuild.mjs` first) driven over stdio by the official
// MCP SDK client: the bridge forwards to the local service's /api/mcp with the token from WSC_TOKEN
// or the saved profile, and the token never appears on stdout or stderr.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cliEnv, makeHome, runWsc, WSC } from '../cli/run-wsc';
import { IDS, TOKENS } from '../emulator/support/api';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { callTool } from './mcp-client';

let em: TestEmulator;
const running: { client: Client; stderr: () => string }[] = [];
beforeAll(async () => {
  em = await startEmulator();
});
beforeEach(() => em.control.reset());
afterEach(async () => {
  for (const r of running.splice(0)) await r.client.close();
});
afterAll(() => em.stop());

/** Starts `wsc mcp` as an agent would and connects the SDK client to its stdin/stdout. */
async function startWscMcp(env: NodeJS.ProcessEnv): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [WSC, 'mcp'], env: env as Record<string, string>, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const client = new Client({ name: 'wsc-mcp-stdio-test', version: '1.0.0' });
  const entry = { client, stderr: () => stderr };
  running.push(entry);
  await client.connect(transport);
  return entry;
}

describe('wsc mcp', () => {
  it('bridges initialize, tools/list, a read and a keyed write (once) with WSC_TOKEN; the token is never printed', async () => {
    const { client, stderr } = await startWscMcp(cliEnv(makeHome(), { url: em.url, token: TOKENS.maria }));
    expect(client.getServerVersion()?.name).toBe('wsc-workspace');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['read_channel', 'post_message', 'write_doc', 'read_run_events']));
    const channel = await callTool(client, 'read_channel', { channel_id: IDS.general });
    expect(channel.isError).toBe(false);
    expect(Array.isArray(channel.data.messages)).toBe(true);
    const args = { channel_id: IDS.general, body: 'posted through wsc mcp', idempotency_key: 'stdio-key-1' };
    const first = await callTool(client, 'post_message', args);
    const again = await callTool(client, 'post_message', args);
    expect(again.data).toEqual(first.data);
    const state = await em.control.state();
    const posted = state.tables.messages?.filter((m) => m.body === 'posted through wsc mcp') ?? [];
    expect(posted).toHaveLength(1);
    expect(posted[0]?.via).toBe('wsc-mcp');
    const missing = await callTool(client, 'read_doc', { doc_id: 'no-such-doc' });
    expect(missing.data.error.code).toBe('not_found');
    expect(stderr()).not.toContain(TOKENS.maria);
  });

  it('uses the saved profile when WSC_TOKEN is not set', async () => {
    const home = makeHome();
    const login = await runWsc(['login', '--url', em.url], { env: cliEnv(home), input: `${TOKENS.guest}\n` });
    expect(login.code).toBe(0);
    const { client } = await startWscMcp(cliEnv(home));
    const me = await callTool(client, 'whoami');
    expect(me.data).toMatchObject({ kind: 'person', id: IDS.guest, role: 'guest' });
    const docs = await callTool(client, 'list_docs');
    expect(docs.data).toMatchObject({ status: 403, error: { code: 'permission_required' } });
  });

  it('a refused token fails initialize with what happened and what to do, without printing the token', async () => {
    const badToken = 'hpt_not_a_real_token_1234';
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [WSC, 'mcp'],
      env: cliEnv(makeHome(), { url: em.url, token: badToken }) as Record<string, string>,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const client = new Client({ name: 'wsc-mcp-stdio-test', version: '1.0.0' });
    const failed = await client.connect(transport).then(
      () => null,
      (error: unknown) => error as Error,
    );
    await client.close();
    expect(failed?.message).toMatch(/refused the token \(401/);
    expect(failed?.message).toMatch(/wsc login/);
    expect(failed?.message).not.toContain(badToken);
    expect(stderr).toMatch(/refused the token/);
    expect(stderr).not.toContain(badToken);
  });

  it('without any connection exits 3 before serving, naming how to connect', async () => {
    const r = await runWsc(['mcp'], { env: cliEnv(makeHome()) });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/hint: .*wsc login/);
  });
});
