// The MCP entry points of the local service, kept light: the MCP SDK and the tool schemas load on
// the first MCP request or server card, so `wsc serve` and the demo start as quickly as before.
// POST /api/mcp is routed by server.ts (it needs the raw request and response); the server card is
// an ordinary no-token route.
import { McpServerCardSchema } from '../../shared/contract';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ok, send } from '../dispatch';
import { internal } from '../errors';
import { MCP_PATH, MCP_SERVER_CARD_PATH } from '../discovery/module';
import type { Router } from '../router';
import type { EmulatorModule, Services } from '../types';

export function isMcpRequest(req: IncomingMessage): boolean {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  return path === MCP_PATH || path === `${MCP_PATH}/`;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** The /api/mcp handler, built on first use. */
export function lazyMcpEndpoint(svc: Services, router: Router): Handler {
  let endpoint: Promise<Handler> | undefined;
  return async (req, res) => {
    try {
      endpoint ??= import('./endpoint').then((m) => m.createMcpEndpoint(svc, router));
      await (await endpoint)(req, res);
    } catch (error) {
      process.stderr.write(`wsc serve: ${MCP_PATH} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      const failure = internal();
      send(res, { status: failure.status, body: failure.toBody() });
    }
  };
}

export const mcpModule: EmulatorModule = {
  name: 'mcp',
  routes: [
    {
      method: 'GET',
      path: MCP_SERVER_CARD_PATH,
      summary: 'MCP server card (the endpoint /api/mcp, its transport, authentication, capabilities and tools)', tag: 'discovery', answer: { schema: McpServerCardSchema },
      auth: 'none',
      handler: async (ctx) => ok((await import('./server-card')).serverCard(ctx.svc.baseUrl(), ctx.svc.routes)),
    },
  ],
};
