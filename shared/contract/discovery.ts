/** (ours) GET /api: the discovery document. Every link is absolute. */
export interface DiscoveryDocument {
  name: string;
  api_version: '1';
  rest: { base_url: string };
  openapi: string;
  mcp: { url: string; server_card: string };
  authentication: { scheme: 'bearer'; token_prefix: string; guide: string };
  docs: { html: string; markdown: string };
  realtime: { wake: string };
}
