// The JSON-RPC forms of /api/mcp as an agent meets them on the wire: protocol errors are JSON-RPC
// errors with words (not tool results, not validation dumps, not REST bodies), the 401 challenge
// follows RFC 6750, and a failing tool's hint names tools rather than REST requests.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDS, TOKENS } from '../emulator/support/api';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { callTool, connectMcp, type Loose } from './mcp-client';

let em: TestEmulator;
const open: Client[] = [];
beforeAll(async () => {
  em = await startEmulator();
});
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});
afterAll(() => em.stop());

async function rpc(body: string, token: string | null = TOKENS.maria): Promise<{ status: number; headers: Headers; json: Loose }> {
  const r = await fetch(`${em.url}/api/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  return { status: r.status, headers: r.headers, json: (await r.json()) as Loose };
}

const call = (params: unknown) => rpc(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params }));

describe('JSON-RPC forms of /api/mcp', () => {
  it('an unknown tool is a -32602 error naming the tools, not a tool result', async () => {
    const r = await call({ name: 'no_such_tool', arguments: {} });
    expect(r.json.result).toBeUndefined();
    expect(r.json).toMatchObject({ id: 7, error: { code: -32602 } });
    expect(r.json.error.message).toContain("Unknown tool 'no_such_tool'");
    expect(r.json.error.message).toContain('read_doc');
  });

  it('arguments that are not an object, or a missing name, are -32602 in words, not -32603 with a dump', async () => {
    const notObject = await call({ name: 'whoami', arguments: 'x' });
    expect(notObject.json.error.code).toBe(-32602);
    expect(notObject.json.error.message).toBe(
      'The arguments of whoami must be an object of named arguments, not a string. Send params.arguments as an object, e.g. {"name":"whoami","arguments":{}}; tools/list gives each tool\'s input schema.',
    );
    const noName = await call({ arguments: {} });
    expect(noName.json.error.code).toBe(-32602);
    expect(noName.json.error.message).toMatch(/^tools\/call needs the tool name as params\.name/);
    for (const r of [notObject, noName]) expect(r.json.error.message).not.toMatch(/invalid_type|"path"/);
  });

  it('params of other methods that fail their schema are -32602 in words', async () => {
    const r = await rpc(JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'prompts/get', params: { name: 5 } }));
    expect(r.json.error.code).toBe(-32602);
    expect(r.json.error.message).toMatch(/^Invalid params for prompts\/get: params\.name: expected string, received number/);
  });

  it('a body that is not JSON is a JSON-RPC -32700 Parse error (HTTP 400), not a REST error body', async () => {
    const r = await rpc('{"jsonrpc": "2.0", nope');
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    expect(r.json.error.message).toMatch(/^Parse error: The request body is not valid JSON\./);
    expect(r.json.error).not.toHaveProperty('hint');
  });

  it('without credentials the challenge has no error attribute; a bad token gets error="invalid_token"', async () => {
    const none = await rpc(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }), null);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="api"');
    expect(none.json.error.hint).toContain('Authorization: Bearer');
    const bad = await rpc(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }), 'hpt_not_a_token');
    expect(bad.headers.get('www-authenticate')).toBe('Bearer realm="api", error="invalid_token"');
  });

  it("a failing tool's hint names the tool to call, never a REST path", async () => {
    const client = await connectMcp(em.url, TOKENS.maria);
    open.push(client);
    const missingDoc = await callTool(client, 'read_doc', { doc_id: 'no-such-doc' });
    expect(missingDoc.data.error.hint).toContain('list_docs');
    const missingTask = await callTool(client, 'get_task', { task: 'T-9999' });
    const missingChannel = await callTool(client, 'read_channel', { channel_id: 'no-such-channel' });
    expect(missingChannel.data.error.hint).toContain('list_channels');
    const doc = await callTool(client, 'read_doc', { doc_id: IDS.onboardingDoc });
    const stale = await callTool(client, 'write_doc', { doc_id: IDS.onboardingDoc, body: 'x', expected_updated_at: '2000-01-01T00:00:00Z' });
    expect(doc.isError).toBe(false);
    expect(stale.data.error.hint).toContain('read_doc');
    for (const r of [missingDoc, missingTask, missingChannel, stale]) {
      expect(r.isError).toBe(true);
      expect(r.text).not.toMatch(/\/api\/v1|GET |PATCH /);
      expect(r.data.error.hint).not.toMatch(/\/api\/v1|GET |PATCH /);
    }
  });
});
