// The MCP server card's body (GET /.well-known/mcp/server-card.json, linked from GET /api): what a
// client needs before connecting — endpoint, transport, authentication and the tools with their
// input schemas, the same list tools/list answers. No token needed; it describes, it does not act.
import { PERSONAL_TOKEN_PREFIX, AGENT_TOKEN_PREFIX, SERVICE_PATHS } from '../../shared/contract';
import { MCP_PATH } from '../discovery/module';
import { MCP_INSTRUCTIONS, MCP_SERVER_INFO } from './server-info';
import type { Route } from '../types';
import { listedTools, MCP_CAPABILITIES } from './tool-list';

/** The newest MCP protocol revision the SDK in use speaks. */
const PROTOCOL_VERSION = '2025-06-18';

export function serverCard(baseUrl: string, routes: readonly Route[]): Record<string, unknown> {
  return {
    version: '1.0',
    protocolVersion: PROTOCOL_VERSION,
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
    tools: listedTools(routes),
  };
}
