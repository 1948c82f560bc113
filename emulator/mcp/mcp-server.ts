// One MCP server for one authenticated caller (stateless Streamable HTTP: a fresh server per
// request). A failing tool answers as an MCP tool error carrying the REST error's code, message
// and hint (plus the HTTP status), so an agent reads the same next step a REST client gets.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toApiError } from '../errors';
import type { RouteCaller } from './call-route';
import { MCP_INSTRUCTIONS, MCP_SERVER_INFO } from './server-info';
import { registerWorkspacePrompts } from './prompts';
import { registerWorkspaceResources } from './resources';
import { invalidArgumentsResult } from './invalid-arguments';
import { hintForTools } from './tool-hints';
import type { WorkspaceTool } from './tool-def';
import { runWorkspaceTool } from './run-tool';
import { checkToolCall, listedTools, MCP_CAPABILITIES } from './tool-list';

export function createWorkspaceMcpServer(caller: RouteCaller): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { instructions: MCP_INSTRUCTIONS });
  // Declared here, not in the options: McpServer would declare tools with listChanged: true.
  server.server.registerCapabilities(MCP_CAPABILITIES);
  // Tools are served from the one built list (tool-list.ts), so tools/list, the arguments checked
  // here and the server card are the same schemas. An unknown tool is a JSON-RPC error; arguments
  // that fail the tool's schema are a tool result with isError (MCP 2025-11-25, SEP-1303).
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...listedTools(caller.svc.routes)] }));
  server.server.setRequestHandler(CallToolRequestSchema, (request) => {
    const checked = checkToolCall(caller.svc.routes, request.params.name, request.params.arguments);
    if ('unknown' in checked) throw new McpError(ErrorCode.InvalidParams, checked.unknown);
    if ('invalid' in checked) return invalidArgumentsResult(checked.invalid.tool, checked.invalid.problems);
    return runTool(checked.tool, checked.args, caller);
  });
  registerWorkspaceResources(server, caller);
  registerWorkspacePrompts(server, caller);
  // Registering resources and prompts declares them with listChanged: true; this server cannot notify.
  server.server.registerCapabilities(MCP_CAPABILITIES);
  return server;
}

async function runTool(tool: WorkspaceTool, args: Record<string, unknown>, caller: RouteCaller): Promise<CallToolResult> {
  try {
    const result = await runWorkspaceTool(tool, args, caller);
    const structured = typeof result === 'object' && result !== null && !Array.isArray(result) ? (result as Record<string, unknown>) : undefined;
    return { content: [{ type: 'text', text: JSON.stringify(result ?? null) }], ...(structured ? { structuredContent: structured } : {}) };
  } catch (error) {
    const apiError = toApiError(error);
    if (apiError.code === 'internal') {
      process.stderr.write(`wsc serve: MCP tool ${tool.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    const hint = hintForTools(apiError.hint);
    const body = { error: { ...apiError.toBody().error, hint }, status: apiError.status };
    return {
      isError: true,
      content: [{ type: 'text', text: `${apiError.code}: ${apiError.message} ${hint}` }],
      structuredContent: body,
    };
  }
}
