// A REST error met while reading a resource or building a prompt, as the JSON-RPC error MCP
// clients expect (resources and prompts have no "error result" like tools): not found is MCP's
// -32002, a bad argument -32602, anything else -32000; `data` keeps the service's code, status
// and hint (naming tools, as tool errors do).
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { toApiError } from '../errors';
import { hintForTools } from './tool-hints';

/** MCP's code for a resource that does not exist (or that this caller may not know of). */
export const RESOURCE_NOT_FOUND = -32002;
const SERVICE_REFUSED = -32000;
const INVALID_PARAMS = -32602;

export function routeErrorAsMcp(error: unknown, what: string): McpError {
  if (error instanceof McpError) return error;
  const apiError = toApiError(error);
  if (apiError.code === 'internal') {
    process.stderr.write(`wsc serve: MCP ${what} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  const hint = hintForTools(apiError.hint);
  const code = apiError.code === 'not_found' ? RESOURCE_NOT_FOUND : apiError.code === 'invalid_request' ? INVALID_PARAMS : SERVICE_REFUSED;
  return jsonRpcError(code, `${apiError.message} ${hint}`, { code: apiError.code, status: apiError.status, hint });
}

/** An error the SDK sends as `{code, message, data}`, the message as given (McpError would prefix "MCP error <code>: "). */
export function jsonRpcError(code: number, message: string, data: Record<string, unknown>): McpError {
  const error = new McpError(code, message, data);
  error.message = message;
  return error;
}
