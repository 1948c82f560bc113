// JSON-RPC forms the MCP SDK's server gets wrong for an agent: a tools/call naming no known tool
// comes back from McpServer as a tool result marked isError (the spec: -32602), and params that fail
// the request schema (`"arguments":"x"`, no `name`) come back as -32603 with a raw validation dump.
// This sits between the transport and the SDK server: such a call is answered -32602 with a
// sentence and a hint before the SDK sees it, and any other schema dump leaving is rewritten as
// -32602 in words.
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ErrorCode, isJSONRPCErrorResponse, isJSONRPCRequest, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';

interface Refusal {
  message: string;
  hint: string;
}

/** Why a tools/call request cannot be run as sent, or null when it names a tool with an arguments object. */
export function malformedToolCall(params: unknown, toolNames: ReadonlySet<string>): Refusal | null {
  const list = `tools/list names the tools (${[...toolNames].join(', ')}).`;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    return { message: 'tools/call needs params {"name": <tool>, "arguments": {...}}.', hint: list };
  }
  const { name, arguments: args } = params as { name?: unknown; arguments?: unknown };
  if (typeof name !== 'string' || name === '') {
    return { message: 'tools/call needs the tool name as params.name (a string).', hint: list };
  }
  if (!toolNames.has(name)) return { message: `Unknown tool '${name.slice(0, 100)}'.`, hint: list };
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) {
    return {
      message: `The arguments of ${name} must be an object of named arguments, not ${Array.isArray(args) ? 'an array' : args === null ? 'null' : `a ${typeof args}`}.`,
      hint: `Send params.arguments as an object, e.g. {"name":"${name}","arguments":{}}; tools/list gives each tool's input schema.`,
    };
  }
  return null;
}

interface SchemaIssue {
  path?: unknown;
  message?: unknown;
}

/** A zod issue list (the SDK's -32603 text for params that fail a request schema) in words; null for other text. */
export function describeSchemaDump(text: string): string | null {
  if (!text.trimStart().startsWith('[')) return null;
  let issues: unknown;
  try {
    issues = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(issues) || issues.length === 0) return null;
  const parts = (issues as SchemaIssue[]).map((issue) => {
    const path = Array.isArray(issue.path) && issue.path.length > 0 ? issue.path.join('.') : 'the request';
    return `${path}: ${typeof issue.message === 'string' ? issue.message.replace(/^Invalid input: /, '') : 'not valid'}`;
  });
  return parts.join('; ');
}

function errorMessage(id: RequestId, refusal: Refusal): JSONRPCMessage {
  return { jsonrpc: '2.0', id, error: { code: ErrorCode.InvalidParams, message: `${refusal.message} ${refusal.hint}`, data: { hint: refusal.hint } } };
}

/** Installs both checks on a transport the SDK server is already connected to. */
export function guardProtocolForms(transport: StreamableHTTPServerTransport, toolNames: ReadonlySet<string>): void {
  const deliver = transport.onmessage;
  const methods = new Map<RequestId, string>();
  transport.onmessage = (message, extra) => {
    if (isJSONRPCRequest(message)) {
      methods.set(message.id, message.method);
      const refusal = message.method === 'tools/call' ? malformedToolCall(message.params, toolNames) : null;
      if (refusal) {
        void transport.send(errorMessage(message.id, refusal), { relatedRequestId: message.id });
        return;
      }
    }
    deliver?.(message, extra);
  };
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if (isJSONRPCErrorResponse(message) && message.error.code === ErrorCode.InternalError && message.id !== undefined) {
      const words = describeSchemaDump(message.error.message);
      if (words) {
        const method = methods.get(message.id) ?? 'this request';
        return send(errorMessage(message.id, { message: `Invalid params for ${method}: ${words}.`, hint: `Check the params of ${method} against the MCP specification.` }), options);
      }
    }
    return send(message, options);
  };
}
