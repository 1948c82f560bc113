// The MCP part of the API layer as shared/index.ts exports it. The stdio bridge and the tool client
// pull in the MCP SDK, so they are loaded only when `wsc mcp` runs or a tool is called (every
// other command and the extension stay as small and quick to start as before).
import type { McpBridgeOptions } from './bridge';
import type { McpToolAnswer, McpToolCallOptions } from './tool-client';

export { mcpEndpointUrl, mcpRequestHeaders, MCP_ENDPOINT_PATH } from './endpoint';
export type { McpBridgeOptions } from './bridge';
export type { McpToolAnswer, McpToolCallOptions, McpToolCallError } from './tool-client';

export async function runMcpBridge(options: McpBridgeOptions): Promise<void> {
  const { runMcpBridge: run } = await import('./bridge');
  return run(options);
}

/** One MCP tool call against the service (shared/mcp/tool-client.ts), loaded on first use. */
export async function callMcpTool(options: McpToolCallOptions, name: string, args: Record<string, unknown>): Promise<McpToolAnswer> {
  const { callMcpTool: call } = await import('./tool-client');
  return call(options, name, args);
}
