// The server card and the live MCP server say the same thing: the card's capabilities are what
// `initialize` answers and its tools are what `tools/list` answers (a real SDK client over HTTP).
// Tool inputs are strict: an unknown argument or a wrong type is a tool error result (SEP-1303);
// an unknown tool is JSON-RPC -32602.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENS } from '../emulator/support/api';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { callTool, connectMcp } from './mcp-client';

let emu: TestEmulator;
let client: Client;
beforeAll(async () => {
  emu = await startEmulator();
  client = await connectMcp(emu.url, TOKENS.owner);
});
afterAll(async () => {
  await client.close();
  await emu.stop();
});

async function refusal(promise: Promise<unknown>): Promise<McpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof McpError) return error;
    throw error;
  }
  throw new Error('the call was not refused');
}

describe('MCP server card', () => {
  it('equals initialize (capabilities, serverInfo) and tools/list (every tool, schema and annotation)', async () => {
    const card = (await (await fetch(`${emu.url}/.well-known/mcp/server-card.json`)).json()) as Record<string, unknown>;
    expect(card.capabilities).toEqual(client.getServerCapabilities());
    expect(card.capabilities).toEqual({ tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false } });
    expect(card.serverInfo).toEqual(client.getServerVersion());
    const { tools } = await client.listTools();
    expect(card.tools).toEqual(tools);
    for (const tool of tools) expect(tool.inputSchema, tool.name).toMatchObject({ type: 'object', additionalProperties: false });
  });
});

describe('MCP tool arguments', () => {
  it('an unknown argument is a tool result with isError naming it (SEP-1303), not a protocol error', async () => {
    const result = await callTool(client, 'list_channels', { verbose: true });
    expect(result.isError).toBe(true);
    expect(result.text).toContain("'verbose'");
  });

  it('refuses an unknown tool with -32602; a wrong type is a tool result with isError', async () => {
    expect((await refusal(client.callTool({ name: 'no_such_tool', arguments: {} }))).code).toBe(ErrorCode.InvalidParams);
    expect((await callTool(client, 'read_channel', { channel_id: 5 })).isError).toBe(true);
  });

  it('bounds search text: 50,001 characters is a tool error naming the limit, never a server failure', async () => {
    for (const name of ['search_messages', 'list_tasks', 'list_docs']) {
      const result = await callTool(client, name, { q: 'a'.repeat(50_001) });
      expect(result.isError, name).toBe(true);
      expect(result.data.error.code, name).toBe('invalid_request');
    }
    const fine = await callTool(client, 'search_messages', { q: 'release' });
    expect(fine.isError).toBe(false);
  });
});
