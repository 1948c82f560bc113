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
