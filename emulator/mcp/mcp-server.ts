// One MCP server for one authenticated caller (stateless Streamable HTTP: a fresh server per
// request). A failing tool answers as an MCP tool error carrying the REST error's code, message
// and hint (plus the HTTP status), so an agent reads the same next step a REST client gets.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { z } from 'zod/v4';
import { toApiError } from '../errors';
import type { RouteCaller } from './call-route';
import { MCP_INSTRUCTIONS, MCP_SERVER_INFO } from './server-info';
import { registerWorkspacePrompts } from './prompts';
import { registerWorkspaceResources } from './resources';
import { hintForTools } from './tool-hints';
import type { WorkspaceTool } from './tool-def';
import { WORKSPACE_TOOLS } from './tools';


/** One validator for every per-request server (a new one per server cost ~0.6 ms). */
const jsonSchemaValidator = new AjvJsonSchemaValidator();

/** Each tool's input object schema, built once (building 15 of them per request cost ~2 ms). */
const inputSchemas = new Map<WorkspaceTool, z.ZodObject>();
function inputSchemaOf(tool: WorkspaceTool): z.ZodObject {
  let schema = inputSchemas.get(tool);
  if (!schema) inputSchemas.set(tool, (schema = z.object(tool.input)));
  return schema;
}

export function createWorkspaceMcpServer(caller: RouteCaller): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { instructions: MCP_INSTRUCTIONS, jsonSchemaValidator });
  for (const tool of WORKSPACE_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: inputSchemaOf(tool),
        annotations: { title: tool.title, readOnlyHint: tool.readOnly, idempotentHint: tool.idempotent, destructiveHint: false, openWorldHint: false },
      },
      (args: Record<string, unknown>) => runTool(tool, args, caller),
    );
  }
  registerWorkspaceResources(server, caller);
  registerWorkspacePrompts(server, caller);
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
    const hint = hintForTools(apiError.hint);
    const body = { error: { ...apiError.toBody().error, hint }, status: apiError.status };
    return {
      isError: true,
      content: [{ type: 'text', text: `${apiError.code}: ${apiError.message} ${hint}` }],
      structuredContent: body,
    };
  }
}
