// A stdio MCP server that forwards every JSON-RPC message to the service's /api/mcp and back, so a
// terminal agent starts `wsc mcp` and gets the workspace's tools without a token in its own config.
// The bridge adds the bearer token itself; it never writes the token anywhere (messages it logs are
// redacted too). A request the service cannot take (unreachable, token refused) is answered with a
// JSON-RPC error that says what happened and what to do next, so the agent shows a useful line.
import type { Readable, Writable } from 'node:stream';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { isJSONRPCRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { redact } from '../redact';
import { mcpEndpointUrl, mcpRequestHeaders } from './endpoint';

export interface McpBridgeOptions {
  baseUrl: string;
  token: string;
  clientName: string;
  input?: Readable;
  output?: Writable;
  /** One diagnostic line (stderr for `wsc mcp`); already redacted. */
  log(line: string): void;
}

/** JSON-RPC error code for "the service did not take the request" (implementation-defined range). */
export const BRIDGE_ERROR_CODE = -32001;

export interface BridgeFailure {
  message: string;
  hint: string;
  status: number | null;
}

/** What went wrong on the way to the service, in words a person can act on. */
export function describeBridgeFailure(error: unknown, endpoint: string): BridgeFailure {
  if (error instanceof StreamableHTTPError && typeof error.code === 'number' && error.code > 0) {
    const answer = serviceError(error.message);
    const status = error.code;
    if (status === 401) {
      return {
        status,
        message: `The workspace service refused the token (401${answer ? `: ${answer.message}` : ''}).`,
        hint: "Sign in again with 'wsc login' (or set WSC_TOKEN to a valid token), then restart the agent's MCP server.",
      };
    }
    return {
      status,
      message: `The workspace service answered ${status}${answer ? `: ${answer.message}` : ''}.`,
      hint: answer?.hint ?? `Check that ${endpoint} is the workspace service ('wsc status' shows the address in use).`,
    };
  }
  const detail = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
  return {
    status: null,
    message: `Cannot reach the workspace service at ${endpoint} (${detail}).`,
    hint: "Check that the service is running and the address is right ('wsc status'); for the local demo start 'wsc serve --demo'.",
  };
}

/** The service's `{error:{message,hint}}` inside the SDK's error text, when it is there. */
function serviceError(text: string): { message: string; hint: string } | null {
  const start = text.indexOf('{');
  if (start < 0) return null;
  try {
    const parsed = JSON.parse(text.slice(start)) as { error?: { message?: unknown; hint?: unknown } };
    const e = parsed.error;
    return typeof e?.message === 'string' && typeof e.hint === 'string' ? { message: e.message, hint: e.hint } : null;
  } catch {
    return null;
  }
}

/** Runs until the input ends (the agent closed the server); resolves then. */
export async function runMcpBridge(options: McpBridgeOptions): Promise<void> {
  const endpoint = mcpEndpointUrl(options.baseUrl);
  const log = (line: string) => options.log(redact(line, [options.token]));
  const remote = new StreamableHTTPClientTransport(new URL(endpoint), {
    requestInit: { headers: mcpRequestHeaders(options.token, options.clientName) },
  });
  const local = new StdioServerTransport(options.input, options.output);
  const done = new Promise<void>((resolve) => {
    local.onclose = () => {
      void remote.close();
      resolve();
    };
  });
  remote.onmessage = (message) => void local.send(message).catch((error: unknown) => log(`could not write to the agent: ${String(error)}`));
  // A failed send reaches onerror and then its own catch below, which says it better: log the rest.
  const explained = new WeakSet<object>();
  remote.onerror = (error) => setImmediate(() => explained.has(error) || log(`service: ${error.message}`));
  local.onerror = (error) => log(`agent input: ${error.message}`);
  local.onmessage = (message: JSONRPCMessage) => {
    remote.send(message).catch((error: unknown) => {
      if (typeof error === 'object' && error !== null) explained.add(error);
      const failure = describeBridgeFailure(error, endpoint);
      log(`${failure.message} ${failure.hint}`);
      if (!isJSONRPCRequest(message)) return;
      void local.send({
        jsonrpc: '2.0',
        id: message.id,
        error: { code: BRIDGE_ERROR_CODE, message: redact(`${failure.message} ${failure.hint}`, [options.token]), data: { status: failure.status, hint: failure.hint } },
      });
    });
  };
  await remote.start();
  await local.start();
  // Stdin ending does not close the stdio transport by itself: end the bridge with it.
  const input = options.input ?? process.stdin;
  input.once('end', () => void local.close());
  await done;
}
