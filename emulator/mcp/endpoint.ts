// POST /api/mcp: the workspace's remote MCP endpoint (Streamable HTTP, stateless: every POST
// carries its own bearer token and gets a fresh server, so role and token changes apply at once,
// as on REST). Authentication failures are answered before MCP with the REST error body and
// status (401 with WWW-Authenticate, 429 with Retry-After); GET and DELETE (streams and sessions)
// are not offered.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { send } from '../dispatch';
import { ApiError, toApiError } from '../errors';
import { readJson } from '../http/body';
import type { Router } from '../router';
import type { Services } from '../types';
import { MCP_PATH } from '../discovery/module';
import { authenticateMcp } from './authenticate';
import { createWorkspaceMcpServer } from './mcp-server';
import { guardProtocolForms } from './protocol-forms';
import { WORKSPACE_TOOLS } from './tools';

const TOOL_NAMES: ReadonlySet<string> = new Set(WORKSPACE_TOOLS.map((t) => t.name));
const NOT_READ = Symbol('not read');

/**
 * The body as JSON; a body that cannot be read as JSON is answered here as JSON-RPC (-32700 Parse
 * error, or -32600 for one too large) with the HTTP status REST gives it.
 */
async function readJsonRpc(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  try {
    return await readJson(req);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code === 'internal') throw error;
    const code = error.code === 'invalid_request' ? ErrorCode.ParseError : ErrorCode.InvalidRequest;
    const label = code === ErrorCode.ParseError ? 'Parse error' : 'Invalid Request';
    send(res, {
      status: error.status,
      body: { jsonrpc: '2.0', id: null, error: { code, message: `${label}: ${error.message} ${error.hint}`, data: { hint: error.hint } } },
      headers: error.headers,
    });
    return NOT_READ;
  }
}

export function createMcpEndpoint(svc: Services, router: Router) {
  return async function mcpEndpoint(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    if (req.method !== 'POST') {
      const refused = new ApiError('invalid_request', `${req.method ?? 'GET'} ${MCP_PATH} is not offered; this endpoint is stateless.`, 'Send MCP messages with POST (Streamable HTTP).');
      send(res, { status: 405, body: refused.toBody(), headers: { allow: 'POST' } });
      return;
    }
    try {
      const auth = authenticateMcp(svc, req);
      const body = await readJsonRpc(req, res);
      if (body === NOT_READ) return;
      const server = createWorkspaceMcpServer({ svc, router, auth, req, signal: abort.signal });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      guardProtocolForms(transport, TOOL_NAMES);
      await transport.handleRequest(req, res, body);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        process.stderr.write(`wsc serve: ${req.method} ${MCP_PATH} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      }
      const apiError = toApiError(error);
      send(res, { status: apiError.status, body: apiError.toBody(), headers: apiError.headers });
    }
  };
}
