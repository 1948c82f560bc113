// The server card and the live MCP server say the same thing: the card's capabilities are what
// `initialize` answers and its tools are what `tools/list` answers (a real SDK client over HTTP).
// Tool inputs are strict: an unknown argument, a wrong type or an unknown tool is JSON-RPC -32602.
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
  it('refuses an unknown argument with -32602 naming it', async () => {
    const error = await refusal(client.callTool({ name: 'list_channels', arguments: { verbose: true } }));
    expect(error.code).toBe(ErrorCode.InvalidParams);
    expect(error.message).toContain("'verbose'");
  });

  it('refuses an unknown tool and a wrong type with -32602', async () => {
    expect((await refusal(client.callTool({ name: 'no_such_tool', arguments: {} }))).code).toBe(ErrorCode.InvalidParams);
    expect((await refusal(client.callTool({ name: 'read_channel', arguments: { channel_id: 5 } }))).code).toBe(ErrorCode.InvalidParams);
  });

  it('bounds search text: 50,001 characters is -32602, never a server failure', async () => {
    for (const name of ['search_messages', 'list_tasks', 'list_docs']) {
      const error = await refusal(client.callTool({ name, arguments: { q: 'a'.repeat(50_001) } }));
      expect(error.code, name).toBe(ErrorCode.InvalidParams);
    }
    const fine = await callTool(client, 'search_messages', { q: 'release' });
    expect(fine.isError).toBe(false);
  });
});
