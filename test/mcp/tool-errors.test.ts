// Errors an agent can correct (MCP 2025-11-25, SEP-1303), over real HTTP (/api/mcp) and over stdio
// (`wsc mcp`, the built dist/wsc.js): arguments that fail a tool's input schema come back as a tool
// result with isError: true naming the argument, what was expected and the limit; an unknown tool
// and a malformed request stay JSON-RPC -32602. The server card says the same as the behaviour.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ErrorCode, LATEST_PROTOCOL_VERSION, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, makeHome, WSC } from '../cli/run-wsc';
import { IDS, TOKENS } from '../emulator/support/api';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { connectMcp, type Loose } from './mcp-client';

let em: TestEmulator;
const clients: Record<'http' | 'stdio', Client> = {} as Record<'http' | 'stdio', Client>;
beforeAll(async () => {
  em = await startEmulator();
  clients.http = await connectMcp(em.url, TOKENS.maria);
  const stdio = new Client({ name: 'wsc-tool-errors-test', version: '1.0.0' });
  const env = cliEnv(makeHome(), { url: em.url, token: TOKENS.maria }) as Record<string, string>;
  await stdio.connect(new StdioClientTransport({ command: process.execPath, args: [WSC, 'mcp'], env, stderr: 'pipe' }));
  clients.stdio = stdio;
});
afterAll(async () => {
  await clients.http?.close();
  await clients.stdio?.close();
  await em.stop();
});

async function call(client: Client, name: string, args: unknown): Promise<{ result: CallToolResult; text: string; data: Loose }> {
  const result = (await client.callTool({ name, arguments: args as Record<string, unknown> })) as CallToolResult;
  const first = result.content[0];
  return { result, text: first?.type === 'text' ? first.text : '', data: result.structuredContent ?? null };
}

async function protocolError(promise: Promise<unknown>): Promise<McpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (error instanceof McpError) return error;
  throw new Error(`expected a JSON-RPC error, got ${String(error)}`);
}

describe.each(['http', 'stdio'] as const)('tool input errors over %s', (face) => {
  it('a missing required argument is a tool result naming it', async () => {
    const r = await call(clients[face], 'read_channel', {});
    expect(r.result.isError).toBe(true);
    expect(r.text).toBe(
      "invalid_request: Invalid arguments for read_channel: 'channel_id' is required and was not sent. Correct that argument and call read_channel again; its inputSchema in tools/list gives every argument, its type and its limits.",
    );
    expect(r.data).toEqual({ status: 400, error: { code: 'invalid_request', message: expect.any(String), hint: expect.any(String), arguments: ['channel_id'] } });
  });

  it('a wrong type says what was expected and what came', async () => {
    const r = await call(clients[face], 'read_channel', { channel_id: 5 });
    expect(r.result.isError).toBe(true);
    expect(r.text).toContain("'channel_id' must be string, not number 5");
  });

  it('a 60,000-character query names the argument and the limit', async () => {
    for (const name of ['search_messages', 'list_tasks', 'list_docs']) {
      const r = await call(clients[face], name, { q: 'a'.repeat(60_000) });
      expect(r.result.isError, name).toBe(true);
      expect(r.text, name).toContain("'q' is a string of 60,000 characters; the limit is 500 characters");
      expect(r.data.error.arguments).toEqual(['q']);
    }
  });

  it('every wrong argument is named at once, an unknown one included', async () => {
    const r = await call(clients[face], 'post_message', { channel_id: IDS.general, body: 7, verbose: true });
    expect(r.result.isError).toBe(true);
    expect(r.data.error.arguments).toEqual(expect.arrayContaining(['body', 'verbose']));
    expect(r.text).toContain("'verbose' is not an argument of this tool");
    const state = await em.control.state();
    expect(state.tables.messages?.some((m) => m.body === '7')).toBe(false);
  });

  it('the same call with the arguments corrected succeeds', async () => {
    const r = await call(clients[face], 'search_messages', { q: 'release' });
    expect(r.result.isError).toBeFalsy();
  });

  it('an unknown tool stays a JSON-RPC -32602 error', async () => {
    const error = await protocolError(clients[face].callTool({ name: 'no_such_tool', arguments: {} }));
    expect(error.code).toBe(ErrorCode.InvalidParams);
    expect(error.message).toContain("Unknown tool 'no_such_tool'");
  });
});

describe('the server card and the behaviour agree', () => {
  it('names the protocol the server negotiates and the error forms it uses', async () => {
    const card = (await (await fetch(`${em.url}/.well-known/mcp/server-card.json`)).json()) as Loose;
    expect(card.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    const init = await fetch(`${em.url}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${TOKENS.maria}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: card.protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '1' } } }),
    });
    expect(((await init.json()) as Loose).result.protocolVersion).toBe(card.protocolVersion);
    expect(card.errors.invalid_arguments).toMatch(/isError: true/);
    expect(card.errors.unknown_tool).toBe('JSON-RPC error -32602');
    const bad = await call(clients.http, 'read_doc', { doc_id: '' });
    expect(bad.data).toMatchObject({ status: 400, error: { code: 'invalid_request' } });
  });
});
