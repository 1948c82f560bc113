// Connects the official MCP SDK client to the local service's /api/mcp over real HTTP.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export async function connectMcp(baseUrl: string, token: string | null): Promise<Client> {
  const client = new Client({ name: 'wsc-mcp-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`), {
    requestInit: { headers: token ? { authorization: `Bearer ${token}` } : {} },
  });
  await client.connect(transport);
  return client;
}

/** Untyped JSON of a tool answer; the tests check its shape with assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ isError: boolean; data: Loose; text: string }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const first = result.content[0];
  const text = first && first.type === 'text' ? first.text : '';
  return { isError: result.isError === true, data: result.structuredContent ?? null, text };
}
