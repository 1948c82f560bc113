// The MCP part of the API layer as shared/index.ts exports it. The stdio bridge pulls in the MCP
// SDK, so it is loaded only when `wsc mcp` runs (every other command and the extension stay as
// small and quick to start as before); the tool client is small and loaded on its first call.
import type { McpBridgeOptions } from './bridge';
import type { McpToolAnswer, McpToolCallOptions } from './tool-client';

export { mcpEndpointUrl, mcpRequestHeaders, MCP_ENDPOINT_PATH } from './endpoint';
export type { McpBridgeOptions, OfflineMcpBridge } from './bridge';
export type { OfflineMcpStores } from './offline';
export type { McpToolAnswer, McpToolCallOptions, McpToolCallError } from './tool-client';
export { jsonRpcMessages } from './sse';

export async function runMcpBridge(options: McpBridgeOptions): Promise<void> {
  const { runMcpBridge: run } = await import('./bridge');
  return run(options);
}

/** One MCP tool call against the service (shared/mcp/tool-client.ts), loaded on first use. */
export async function callMcpTool(options: McpToolCallOptions, name: string, args: Record<string, unknown>): Promise<McpToolAnswer> {
  const { callMcpTool: call } = await import('./tool-client');
  return call(options, name, args);
}
