// A stdio MCP server that forwards every JSON-RPC message to the service's /api/mcp and back, so a
// terminal agent starts `wsc mcp` and gets the workspace's tools without a token in its own config.
// The bridge adds the bearer token itself; it never writes the token anywhere (messages it logs are
// redacted too). A request the service cannot take (unreachable, token refused) is answered with a
// JSON-RPC error that says what happened and what to do next, so the agent shows a useful line,
// except while the service cannot be reached and `offline` is given: then requests are answered
// on this machine (offline.ts: reads from the account's cache, writes queued in its outbox).
import type { Readable, Writable } from 'node:stream';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ErrorCode, isJSONRPCRequest, SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage, type JSONRPCRequest, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import { redact } from '../redact';
import { mcpEndpointUrl, mcpRequestHeaders } from './endpoint';
import { answerOffline, CACHED_READ_TOOLS, isWriteTool, keepMcpListing, keepToolAnswer, type KnownMcp, type OfflineMcpStores } from './offline';

export interface McpBridgeOptions {
  baseUrl: string;
  token: string;
  clientName: string;
  input?: Readable;
  output?: Writable;
  /** One diagnostic line (stderr for `wsc mcp`); already redacted. */
  log(line: string): void;
  /** The account's cache and outbox: with them, requests are answered while the service cannot be reached. */
  offline?: OfflineMcpBridge;
}

export interface OfflineMcpBridge extends OfflineMcpStores {
  /** Sends what the outbox holds (before a write goes to the service, so writes stay in order). */
  flushOutbox(): Promise<void>;
  /** Stops the outbox's sending (what waits stays for the next command) and closes what was opened. */
  close(): Promise<void>;
}

/** Whether a failed request means the service cannot be reached (nothing answered, or a gateway in front of it said so). */
export function serviceUnreachable(failure: BridgeFailure): boolean {
  return failure.status === null || failure.status === 502 || failure.status === 503 || failure.status === 504;
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

/** How long the bridge still waits for answers to requests in flight once the agent's input ends. */
export const DRAIN_MS = 3000;

/** The JSON-RPC error for an input line the bridge cannot read, or null for other input errors. */
export function unreadableLine(error: Error): { code: number; message: string } | null {
  if (error instanceof SyntaxError) return { code: ErrorCode.ParseError, message: `Parse error: the line is not JSON (${error.message}). Send one JSON-RPC message per line.` };
  if (error.name === 'ZodError') return { code: ErrorCode.InvalidRequest, message: 'Invalid Request: the line is JSON but not a JSON-RPC 2.0 message. Send {"jsonrpc":"2.0","id":…,"method":…}.' };
  return null;
}

/** Runs until the input ends (the agent closed the server) and answers to requests in flight are written; resolves then. */
export async function runMcpBridge(options: McpBridgeOptions): Promise<void> {
  const endpoint = mcpEndpointUrl(options.baseUrl);
  const log = (line: string) => options.log(redact(line, [options.token]));
  const remote = new StreamableHTTPClientTransport(new URL(endpoint), {
    requestInit: { headers: mcpRequestHeaders(options.token, options.clientName) },
  });
  const output = options.output ?? process.stdout;
  const local = new StdioServerTransport(options.input, output);
  // Once the agent's input has ended, nothing is reported any more: requests still in flight get
  // their answers for a moment (DRAIN_MS), then are dropped without a word.
  let ending = false;
  const inFlight = new Set<RequestId>();
  let drained: (() => void) | null = null;
  const settle = (id: RequestId) => {
    inFlight.delete(id);
    if (inFlight.size === 0) drained?.();
  };
  const offline = options.offline;
  const known: KnownMcp = {};
  /** The requests sent to the service, so an answer can be kept for offline use. */
  const asked = new Map<RequestId, JSONRPCRequest>();
  let saidOffline = false;
  /** What is being kept in the cache: an offline answer waits for it, so it finds what was just read. */
  let keeping: Promise<void> = Promise.resolve();
  const done = new Promise<void>((resolve) => {
    local.onclose = () => {
      void remote.close();
      void (offline?.close() ?? Promise.resolve()).catch((error: unknown) => log(`closing the outbox: ${String(error)}`)).finally(resolve);
    };
  });
  /** Keeps what an answer of the service says for later offline use; never fails the answer. */
  const keep = (request: JSONRPCRequest | undefined, message: JSONRPCMessage) => {
    if (!offline || !request || !('result' in message)) return;
    const result = message.result as Record<string, unknown>;
    const kept = async () => {
      if (request.method === 'tools/call') {
        const params = (request.params ?? {}) as { name?: unknown; arguments?: unknown };
        const name = typeof params.name === 'string' ? params.name : '';
        const structured = result.structuredContent;
        if (!CACHED_READ_TOOLS.has(name) || result.isError === true || typeof structured !== 'object' || structured === null) return;
        const args = (typeof params.arguments === 'object' && params.arguments !== null ? params.arguments : {}) as Record<string, unknown>;
        await offline.withCache(true, (cache) => keepToolAnswer(cache, name, args, structured as Record<string, unknown>));
      } else await keepMcpListing(offline, known, request.method, result);
    };
    keeping = keeping.then(kept).catch((error: unknown) => log(`could not keep the answer in the offline cache: ${error instanceof Error ? error.message : String(error)}`));
    // The service answers again: what waits in the outbox goes now (the session also tries every few seconds).
    saidOffline = false;
    offline.flushOutbox().catch(() => undefined);
  };
  /** Answers a request on this machine while the service cannot be reached; false when it needs the service. */
  const answerHere = async (request: JSONRPCRequest, failure: BridgeFailure): Promise<boolean> => {
    if (!offline || !serviceUnreachable(failure)) return false;
    await keeping;
    const answered = await answerOffline(offline, known, request as unknown as { method: string; params?: Record<string, unknown> }, failure.message.replace(/\.$/, ''), SUPPORTED_PROTOCOL_VERSIONS);
    if (!answered) return false;
    answer({ jsonrpc: '2.0', id: request.id, ...answered } as JSONRPCMessage);
    return true;
  };
  const answer = (message: JSONRPCMessage) => void local.send(message).catch((error: unknown) => ending || log(`could not write to the agent: ${String(error)}`));
  // An agent that has gone away closes the pipe: the answers it no longer reads are dropped.
  output.on('error', (error: NodeJS.ErrnoException) => error.code === 'EPIPE' || log(`could not write to the agent: ${error.message}`));
  remote.onmessage = (message) => {
    if ('id' in message && message.id !== undefined && ('result' in message || 'error' in message)) {
      settle(message.id);
      keep(asked.get(message.id), message);
      asked.delete(message.id);
    }
    answer(message);
  };
  // A failed send reaches onerror and then its own catch below, which says it better: log the rest.
  const explained = new WeakSet<object>();
  remote.onerror = (error) =>
    setImmediate(() => {
      if (ending || explained.has(error)) return;
      const failure = describeBridgeFailure(error, endpoint);
      // The SDK's own attempts (its event stream) fail too while the service is away: said once already.
      if (offline && saidOffline && serviceUnreachable(failure)) return;
      log(`service: ${failure.status === null ? error.message : failure.message}`);
    });
  local.onerror = (error) => {
    const unreadable = unreadableLine(error);
    if (!unreadable) return log(`agent input: ${error.message}`);
    log(`agent input: ${unreadable.message}`);
    // JSON-RPC 2.0: an unreadable request is answered with id null.
    answer({ jsonrpc: '2.0', id: null, error: unreadable } as unknown as JSONRPCMessage);
  };
  const forward = async (message: JSONRPCMessage) => {
    // A write goes behind what the outbox holds, so the service sees writes in the order they were made.
    if (offline && isJSONRPCRequest(message) && message.method === 'tools/call' && isWriteTool(String(message.params?.name))) await offline.flushOutbox().catch(() => undefined);
    await remote.send(message);
  };
  local.onmessage = (message: JSONRPCMessage) => {
    if (isJSONRPCRequest(message)) {
      inFlight.add(message.id);
      asked.set(message.id, message);
    }
    forward(message).catch(async (error: unknown) => {
      if (typeof error === 'object' && error !== null) explained.add(error);
      const failure = describeBridgeFailure(error, endpoint);
      if (isJSONRPCRequest(message)) asked.delete(message.id);
      if (isJSONRPCRequest(message) && ending) settle(message.id);
      if (isJSONRPCRequest(message) && !ending) {
        const here = await answerHere(message, failure).catch((offlineError: unknown) => {
          log(`could not answer offline: ${offlineError instanceof Error ? offlineError.message : String(offlineError)}`);
          return false;
        });
        settle(message.id);
        if (here) {
          if (!saidOffline) log(`${failure.message} Answering from the offline cache and queueing writes in the outbox until it can be reached.`);
          saidOffline = true;
          return;
        }
      }
      if (ending) return;
      if (offline && serviceUnreachable(failure) && !isJSONRPCRequest(message)) return; // a notification: nothing to answer
      log(`${failure.message} ${failure.hint}`);
      if (!isJSONRPCRequest(message)) return;
      answer({
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
  input.once('end', () => {
    ending = true;
    const allAnswered = new Promise<void>((resolve) => {
      drained = resolve;
      if (inFlight.size === 0) resolve();
    });
    const timer = new Promise<void>((resolve) => setTimeout(resolve, DRAIN_MS).unref());
    void Promise.race([allAnswered, timer]).then(() => local.close());
  });
  await done;
}
