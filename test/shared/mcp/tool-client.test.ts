// The shared MCP tool client (what the VS Code language model tools call) against the local
// service's /api/mcp over real HTTP: a read, a bad argument as an isError result, a keyed write made
// once, and the failures a face shows (a refused token, an unknown tool, no service) as
// McpToolCallError with a hint and never the token. Also the two answer forms Streamable HTTP allows.
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jsonRpcMessages } from '../../../shared/mcp/sse';
import { callMcpTool, McpToolCallError } from '../../../shared/mcp/tool-client';
import { IDS, TOKENS } from '../../emulator/support/api';
import { startEmulator, type TestEmulator } from '../../support/emulator';

let em: TestEmulator;
beforeAll(async () => {
  em = await startEmulator();
});
beforeEach(() => em.control.reset());
afterAll(() => em.stop());

const as = (token: string, baseUrl = em.url) => ({ baseUrl, token, clientName: 'tool-client-test' });

async function failure(promise: Promise<unknown>): Promise<McpToolCallError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (error instanceof McpToolCallError) return error;
  throw new Error(`expected McpToolCallError, got ${String(error)}`);
}

describe('callMcpTool', () => {
  it('reads, and answers a bad argument as an isError result in the service words', async () => {
    const thread = await callMcpTool(as(TOKENS.maria), 'read_thread', { message_id: IDS.releaseThread });
    expect(thread.isError).toBe(false);
    expect((thread.structured?.root as { id: string }).id).toBe(IDS.releaseThread);
    const bad = await callMcpTool(as(TOKENS.maria), 'read_thread', {});
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain("'message_id' is required");
  });

  it('a keyed write is made once, as the token holder, via the client name', async () => {
    const args = { thread_id: IDS.releaseThread, body: 'via the shared tool client', idempotency_key: 'tool-client-1' };
    const first = await callMcpTool(as(TOKENS.maria), 'reply_in_thread', args);
    const again = await callMcpTool(as(TOKENS.maria), 'reply_in_thread', args);
    expect(again.structured).toEqual(first.structured);
    const state = await em.control.state();
    const rows = state.tables.messages?.filter((m) => m.body === args.body) ?? [];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ author_id: IDS.maria, via: 'tool-client-test' });
  });

  it('a refused token, an unknown tool and no service are errors with a hint, without the token', async () => {
    const badToken = 'hpt_not_a_token_987';
    const refused = await failure(callMcpTool(as(badToken), 'whoami', {}));
    expect(refused.status).toBe(401);
    expect(refused.message).toMatch(/refused the token \(401/);
    expect(refused.hint).toMatch(/Sign in again/);
    expect(refused.message).not.toContain(badToken);
    const unknown = await failure(callMcpTool(as(TOKENS.maria), 'no_such_tool', {}));
    expect(unknown.detail).toContain("Unknown tool 'no_such_tool'");
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = probe.address() as { port: number };
        probe.close(() => resolve(p));
      });
    });
    const away = await failure(callMcpTool(as(TOKENS.maria, `http://127.0.0.1:${port}`), 'whoami', {}));
    expect(away.detail).toMatch(/^Cannot reach the workspace service at http:\/\/127\.0\.0\.1:\d+\/api\/mcp/);
    expect(away.status).toBeNull();
  });
});

describe('jsonRpcMessages', () => {
  it('reads a JSON body, a batch, and the events of an SSE answer', () => {
    expect(jsonRpcMessages('application/json', '{"jsonrpc":"2.0","id":1,"result":{}}')).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
    expect(jsonRpcMessages('application/json', '[{"id":1},{"id":2}]')).toEqual([{ id: 1 }, { id: 2 }]);
    expect(jsonRpcMessages('application/json', '')).toEqual([]);
    const sse = 'event: message\r\nid: 7\r\ndata: {"jsonrpc":"2.0","method":"notifications/progress"}\r\n\r\n: keep-alive\n\nevent: message\ndata: {"jsonrpc":"2.0",\ndata: "id":2,"result":{"ok":true}}\n\n';
    expect(jsonRpcMessages('text/event-stream; charset=utf-8', sse)).toEqual([
      { jsonrpc: '2.0', method: 'notifications/progress' },
      { jsonrpc: '2.0', id: 2, result: { ok: true } },
    ]);
  });
});
