// GET /api (discovery), GET /api/v1/openapi.json, GET /docs/api (HTML) and /docs/api.md. No token.
import { OpenApiDocumentSchema } from '../../shared/contract';
import { DiscoveryDocumentSchema } from '../../shared/contract';
import { API_PREFIX, PERSONAL_TOKEN_PREFIX, SERVICE_PATHS, type DiscoveryDocument } from '../../shared/contract';
import { ok } from '../dispatch';
import type { EmulatorModule } from '../types';
import { buildOpenApi } from './openapi';
import type { Route } from '../types';
import { REFERENCE_CSP, referenceHtml, referenceMarkdown } from './reference';

export const MCP_PATH = '/api/mcp';
export const MCP_SERVER_CARD_PATH = '/.well-known/mcp/server-card.json';

export function discoveryDocument(baseUrl: string): DiscoveryDocument {
  return {
    name: 'Workspace Collaboration Service (local)',
    api_version: '1',
    rest: { base_url: `${baseUrl}${API_PREFIX}` },
    openapi: `${baseUrl}${SERVICE_PATHS.openapi}`,
    mcp: { url: `${baseUrl}${MCP_PATH}`, server_card: `${baseUrl}${MCP_SERVER_CARD_PATH}` },
    authentication: {
      scheme: 'bearer',
      token_prefix: PERSONAL_TOKEN_PREFIX,
      guide: `${baseUrl}${SERVICE_PATHS.docsHtml}#authentication`,
    },
    docs: { html: `${baseUrl}${SERVICE_PATHS.docsHtml}`, markdown: `${baseUrl}${SERVICE_PATHS.docsMarkdown}` },
    realtime: { wake: `${baseUrl}${API_PREFIX}/me/wake` },
  };
}

/** The document is built once per route table and address (it cannot change while the service runs). */
const documents = new WeakMap<readonly Route[], Map<string, Record<string, unknown>>>();
function openApiOf(routes: readonly Route[], baseUrl: string): Record<string, unknown> {
  let byUrl = documents.get(routes);
  if (!byUrl) documents.set(routes, (byUrl = new Map()));
  let doc = byUrl.get(baseUrl);
  if (!doc) byUrl.set(baseUrl, (doc = buildOpenApi(routes, baseUrl)));
  return doc;
}

export const discoveryModule: EmulatorModule = {
  name: 'discovery',
  routes: [
    {
      method: 'GET',
      path: SERVICE_PATHS.discovery,
      summary: 'Discovery document', tag: 'discovery', answer: { schema: DiscoveryDocumentSchema },
      auth: 'none',
      handler: (ctx) => ok(discoveryDocument(ctx.svc.baseUrl())),
    },
    {
      method: 'GET',
      path: SERVICE_PATHS.openapi,
      summary: 'This OpenAPI document', tag: 'discovery', answer: { schema: OpenApiDocumentSchema },
      auth: 'none',
      handler: (ctx) => ok(openApiOf(ctx.svc.routes, ctx.svc.baseUrl())),
    },
    {
      method: 'GET',
      path: SERVICE_PATHS.docsHtml,
      summary: 'Human-readable API reference', tag: 'discovery', answer: { contentType: 'text/html', description: 'HTML page' },
      auth: 'none',
      handler: (ctx) => ({
        status: 200,
        body: referenceHtml(ctx.svc.routes),
        contentType: 'text/html; charset=utf-8',
        headers: { 'content-security-policy': REFERENCE_CSP, 'x-content-type-options': 'nosniff' },
      }),
    },
    {
      method: 'GET',
      path: SERVICE_PATHS.docsMarkdown,
      summary: 'API reference as raw Markdown', tag: 'discovery', answer: { contentType: 'text/markdown', description: 'Markdown' },
      auth: 'none',
      handler: (ctx) => ({
        status: 200,
        body: referenceMarkdown(ctx.svc.routes),
        contentType: 'text/markdown; charset=utf-8',
        headers: { 'x-content-type-options': 'nosniff' },
      }),
    },
  ],
};
