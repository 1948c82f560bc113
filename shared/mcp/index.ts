// The MCP part of the API layer as shared/index.ts exports it. The stdio bridge pulls in the MCP
// SDK, so it is loaded only when `wsc mcp` runs (every other command and the extension stay as
// small and quick to start as before).
import type { McpBridgeOptions } from './bridge';

export { mcpEndpointUrl, mcpRequestHeaders, MCP_ENDPOINT_PATH } from './endpoint';
export type { McpBridgeOptions } from './bridge';

export async function runMcpBridge(options: McpBridgeOptions): Promise<void> {
  const { runMcpBridge: run } = await import('./bridge');
  return run(options);
}
