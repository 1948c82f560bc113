// Calls one of the service's MCP tools by name over /api/mcp (Streamable HTTP: initialize, the
// initialized notification, tools/call), for faces that offer the workspace's tools themselves
// (the VS Code language model tools): the service validates the arguments, applies the token's
// permissions and the idempotency receipt, exactly as for any MCP client. A tool's own failure is
// a result with isError (the service's words); a service that cannot be reached, refuses the
// token or answers a JSON-RPC error is thrown as McpToolCallError with what happened and what to
// do next, never the token. Written on the layer's own node:http exchange rather than the MCP SDK
// client, which with zod would add about 650 KiB to the extension bundle every start parses.
import { redact } from '../redact';
import { ConnectionPool, exchange, type RawResponse } from '../http/node-request';
import { mcpEndpointUrl, mcpRequestHeaders } from './endpoint';
import { jsonRpcMessages } from './sse';

export interface McpToolCallOptions {
  baseUrl: string;
  token: string;
  clientName: string;
  signal?: AbortSignal;
}

export interface McpToolAnswer {
  /** The tool failed (bad arguments, refused, not found…): `text` says why and what to do. */
  isError: boolean;
  /** The tool's text content, joined. */
  text: string;
  structured: Record<string, unknown> | null;
}

export class McpToolCallError extends Error {
  constructor(
    /** What happened, without the hint. */
    readonly detail: string,
    readonly hint: string,
    readonly status: number | null,
  ) {
    super(`${detail} ${hint}`);
    this.name = 'McpToolCallError';
  }
}

/** The revision this client asks for; the service answers the one it speaks. */
const PROTOCOL_VERSION = '2025-11-25';
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The service's `{error:{message,hint}}` (a REST-shaped refusal before MCP, e.g. 401 or 429). */
function serviceError(body: Buffer): { message: string; hint: string } | null {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    const error = isObject(parsed) && isObject(parsed.error) ? parsed.error : null;
    return error && typeof error.message === 'string' && typeof error.hint === 'string' ? { message: error.message, hint: error.hint } : null;
  } catch {
    return null;
  }
}

function refused(response: RawResponse, endpoint: string): McpToolCallError {
  const answer = serviceError(response.body);
  if (response.status === 401) {
    return new McpToolCallError(`The workspace service refused the token (401${answer ? `: ${answer.message}` : ''}).`, 'Sign in again, then ask again.', 401);
  }
  return new McpToolCallError(
    `The workspace service answered ${response.status}${answer ? `: ${answer.message}` : ''}.`,
    answer?.hint ?? `Check that ${endpoint} is the workspace service.`,
    response.status,
  );
}

export async function callMcpTool(options: McpToolCallOptions, name: string, args: Record<string, unknown>): Promise<McpToolAnswer> {
  const endpoint = mcpEndpointUrl(options.baseUrl);
  const url = new URL(endpoint);
  const pool = new ConnectionPool();
  const signal = options.signal ?? new AbortController().signal;
  let headers: Record<string, string> = { ...mcpRequestHeaders(options.token, options.clientName), 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const post = async (message: Json): Promise<RawResponse> => {
    const response = await exchange(pool, { url, method: 'POST', headers, body: JSON.stringify(message), signal, maxBytes: MAX_ANSWER_BYTES });
    if (response.status >= 400) throw refused(response, endpoint);
    return response;
  };
  /** The JSON-RPC answer to request `id` (a JSON body, or the event of an SSE stream that carries it). */
  const answer = (response: RawResponse, id: number): Json => {
    const found = jsonRpcMessages(response.headers['content-type'], response.body.toString('utf8')).find((m) => isObject(m) && m.id === id && ('result' in m || 'error' in m));
    if (!isObject(found)) throw new McpToolCallError('The workspace service answered something that is not an MCP answer.', `Check that ${endpoint} is the workspace service.`, response.status);
    if (isObject(found.error)) {
      const data = isObject(found.error.data) ? found.error.data : {};
      const hint = typeof data.hint === 'string' ? data.hint : 'The tool list of this extension may be older than the service: update the extension.';
      throw new McpToolCallError(String(found.error.message ?? 'The MCP request was refused.'), hint, null);
    }
    return isObject(found.result) ? found.result : {};
  };
  try {
    const init = await post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: options.clientName, version: '1.0.0' } } });
    const initialized = answer(init, 1);
    const session = init.headers['mcp-session-id'];
    headers = {
      ...headers,
      'mcp-protocol-version': typeof initialized.protocolVersion === 'string' ? initialized.protocolVersion : PROTOCOL_VERSION,
      ...(typeof session === 'string' ? { 'mcp-session-id': session } : {}),
    };
    await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const result = answer(await post({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: args } }), 2);
    const content = Array.isArray(result.content) ? result.content : [];
    const text = content.map((part) => (isObject(part) && part.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('\n');
    return { isError: result.isError === true, text, structured: isObject(result.structuredContent) ? result.structuredContent : null };
  } catch (error) {
    if (error instanceof McpToolCallError) throw new McpToolCallError(redact(error.detail, [options.token]), redact(error.hint, [options.token]), error.status);
    if (signal.aborted) throw new McpToolCallError('The call was cancelled.', 'Ask again when you are ready.', null);
    const detail = error instanceof Error ? error.message : String(error);
    throw new McpToolCallError(
      redact(`Cannot reach the workspace service at ${endpoint} (${detail}).`, [options.token]),
      'Check that the service is running and the address is right (Workspace: Check Service); for the local demo use "Workspace: Use the Local Demo Service".',
      null,
    );
  } finally {
    pool.close();
  }
}
