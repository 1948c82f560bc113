// The MCP server card's body (GET /.well-known/mcp/server-card.json, linked from GET /api): what a
// client needs before connecting — endpoint, transport, authentication and the tools with their
// input schemas, the same list tools/list answers. No token needed; it describes, it does not act.
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { PERSONAL_TOKEN_PREFIX, AGENT_TOKEN_PREFIX, SERVICE_PATHS } from '../../shared/contract';
import { MCP_PATH } from '../discovery/module';
import { MCP_INSTRUCTIONS, MCP_SERVER_INFO } from './server-info';
import type { Route } from '../types';
import { listedTools, MCP_CAPABILITIES } from './tool-list';

/**
 * How failures reach a client, as the server behaves (test/mcp/tool-errors.test.ts holds it to
 * this): input validation is a tool result (MCP 2025-11-25, SEP-1303), protocol faults are JSON-RPC.
 */
export const MCP_ERROR_FORMS = {
  invalid_arguments: 'tool result with isError: true; structuredContent.error {code: "invalid_request", message, hint, arguments} and status 400',
  service_refusal: 'tool result with isError: true; structuredContent.error {code, message, hint} and the REST status (403 permission_required, 404 not_found, 409 conflict, 429 rate_limited)',
  unknown_tool: 'JSON-RPC error -32602',
  malformed_request: 'JSON-RPC error -32602 (params), -32600 (request) or -32700 (parse)',
} as const;

export function serverCard(baseUrl: string, routes: readonly Route[]): Record<string, unknown> {
  return {
    version: '1.0',
    // The newest MCP revision the SDK in use speaks (initialize agrees on it with a client that asks for it).
    protocolVersion: LATEST_PROTOCOL_VERSION,
    serverInfo: MCP_SERVER_INFO,
    description: MCP_INSTRUCTIONS,
    transport: { type: 'streamable-http', endpoint: `${baseUrl}${MCP_PATH}` },
    capabilities: MCP_CAPABILITIES,
    authentication: {
      required: true,
      schemes: ['bearer'],
      tokens: [
        { prefix: PERSONAL_TOKEN_PREFIX, acts_as: 'the person who minted it, with their role and the token scopes (the same token as REST)' },
        { prefix: AGENT_TOKEN_PREFIX, acts_as: 'a named agent as its own workspace member (MCP only; refused on /api/v1)' },
      ],
      guide: `${baseUrl}${SERVICE_PATHS.docsHtml}#authentication`,
    },
    errors: MCP_ERROR_FORMS,
    tools: listedTools(routes),
  };
}
