// One MCP server for one authenticated caller (stateless Streamable HTTP: a fresh server per
// request). A failing tool answers as an MCP tool error carrying the REST error's code, message
// and hint (plus the HTTP status), so an agent reads the same next step a REST client gets.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toApiError } from '../errors';
import type { RouteCaller } from './call-route';
import type { WorkspaceTool } from './tool-def';
import { WORKSPACE_TOOLS } from './tools';

export const MCP_SERVER_INFO = { name: 'wsc-workspace', title: 'Workspace', version: '1.0.0' } as const;
export const MCP_INSTRUCTIONS =
  'Tools of one team workspace, acting as the token holder with their permissions. Read with list_channels, read_channel, read_thread, read_mentions, search_messages, list_tasks, get_task, list_docs, read_doc and read_run_events; write with post_message, update_task, link_pull_request and write_doc. Send idempotency_key on writes so a retry never writes twice; write_doc needs the updated_at you read.';

export function createWorkspaceMcpServer(caller: RouteCaller): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { instructions: MCP_INSTRUCTIONS });
  for (const tool of WORKSPACE_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        annotations: { title: tool.title, readOnlyHint: tool.readOnly, idempotentHint: tool.idempotent, destructiveHint: false, openWorldHint: false },
      },
      (args: Record<string, unknown>) => runTool(tool, args, caller),
    );
  }
  return server;
}

async function runTool(tool: WorkspaceTool, args: Record<string, unknown>, caller: RouteCaller): Promise<CallToolResult> {
  try {
    const result = await tool.run(args, caller);
    const structured = typeof result === 'object' && result !== null && !Array.isArray(result) ? (result as Record<string, unknown>) : undefined;
    return { content: [{ type: 'text', text: JSON.stringify(result ?? null) }], ...(structured ? { structuredContent: structured } : {}) };
  } catch (error) {
    const apiError = toApiError(error);
    if (apiError.code === 'internal') {
      process.stderr.write(`wsc serve: MCP tool ${tool.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    const body = { ...apiError.toBody(), status: apiError.status };
    return {
      isError: true,
      content: [{ type: 'text', text: `${apiError.code}: ${apiError.message} ${apiError.hint}` }],
      structuredContent: body,
    };
  }
}
