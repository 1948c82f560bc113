// Calls one of the service's MCP tools by name over /api/mcp (Streamable HTTP, stateless: one
// initialize and one tools/call), for faces that offer the workspace's tools themselves (the VS
// Code language model tools): the service validates the arguments, applies the token's
// permissions and the idempotency receipt, exactly as for any MCP client. A tool's own failure is
// a result with isError (the service's words); a service that cannot be reached or refuses the
// token is thrown as McpToolCallError with what happened and what to do next, never the token.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { redact } from '../redact';
import { describeBridgeFailure } from './bridge';
import { mcpEndpointUrl, mcpRequestHeaders } from './endpoint';

export interface McpToolCallOptions {
  baseUrl: string;
  token: string;
  clientName: string;
  signal?: AbortSignal;
}

export interface McpToolAnswer {
  /** The tool failed (bad arguments, refused, not found…): `text` says why and what to do. */
  isError: boolean;
  /** The tool's text content, joined. */
  text: string;
  structured: Record<string, unknown> | null;
}

export class McpToolCallError extends Error {
  constructor(
    message: string,
    readonly hint: string,
    readonly status: number | null,
  ) {
    super(`${message} ${hint}`);
    this.name = 'McpToolCallError';
  }
}

export async function callMcpTool(options: McpToolCallOptions, name: string, args: Record<string, unknown>): Promise<McpToolAnswer> {
  const endpoint = mcpEndpointUrl(options.baseUrl);
  const transport = new StreamableHTTPClientTransport(new URL(endpoint), {
    requestInit: { headers: mcpRequestHeaders(options.token, options.clientName), ...(options.signal ? { signal: options.signal } : {}) },
  });
  const client = new Client({ name: options.clientName, version: '1.0.0' });
  try {
    await client.connect(transport);
    const result = (await client.callTool({ name, arguments: args }, undefined, options.signal ? { signal: options.signal } : undefined)) as CallToolResult;
    const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
    return { isError: result.isError === true, text, structured: (result.structuredContent as Record<string, unknown> | undefined) ?? null };
  } catch (error) {
    if (error instanceof Error && 'code' in error && typeof error.code === 'number' && error.code < 0) {
      // A JSON-RPC error from the server (an unknown tool, a malformed call): its words as they are.
      throw new McpToolCallError(redact(error.message, [options.token]), 'The tool list of this extension may be older than the service: update the extension.', null);
    }
    const failure = describeBridgeFailure(error, endpoint);
    throw new McpToolCallError(redact(failure.message, [options.token]), failure.hint, failure.status);
  } finally {
    await client.close().catch(() => undefined);
  }
}
