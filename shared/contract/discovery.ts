import { Type, type Static } from './schema-kit';

/** (ours) GET /api: the discovery document. Every link is absolute. */
export const DiscoveryDocumentSchema = Type.Object(
  {
    name: Type.String(),
    api_version: Type.Literal('1'),
    rest: Type.Object({ base_url: Type.String() }),
    openapi: Type.String(),
    mcp: Type.Object({ url: Type.String(), server_card: Type.String() }),
    authentication: Type.Object({ scheme: Type.Literal('bearer'), token_prefix: Type.String(), guide: Type.String() }),
    docs: Type.Object({ html: Type.String(), markdown: Type.String() }),
    realtime: Type.Object({ wake: Type.String() }),
  },
  { $id: 'DiscoveryDocument', description: 'Links to the REST base, OpenAPI, MCP, the MCP server card and the auth guide. Every link is absolute.' },
);
export type DiscoveryDocument = Static<typeof DiscoveryDocumentSchema>;

// The discovery routes' own answers: the OpenAPI document and the MCP server card.

export const OpenApiDocumentSchema = Type.Object(
  { openapi: Type.String(), info: Type.Object({}, { additionalProperties: true }), paths: Type.Object({}, { additionalProperties: true }) },
  { $id: 'OpenApiDocument', description: 'An OpenAPI 3.1 document (this one).', additionalProperties: true },
);

export const McpServerCardSchema = Type.Object(
  {
    protocolVersion: Type.String(),
    serverInfo: Type.Object({ name: Type.String(), version: Type.String() }, { additionalProperties: true }),
    transport: Type.Object({ type: Type.String(), endpoint: Type.String() }),
    capabilities: Type.Object({}, { additionalProperties: true }),
    tools: Type.Array(Type.Object({ name: Type.String(), inputSchema: Type.Object({}, { additionalProperties: true }) }, { additionalProperties: true })),
  },
  { $id: 'McpServerCard', description: 'What an MCP client needs before connecting: endpoint, transport, authentication, capabilities and tools.', additionalProperties: true },
);
