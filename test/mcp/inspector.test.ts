// The MCP Inspector (@modelcontextprotocol/inspector, its --cli mode; pinned and installed once by
// scripts/install-test-tools.mjs into ~/.cache/wsc-test, run on the Node 24 beside code-server)
// against a real `wsc serve --demo` over Streamable HTTP with the demo token, and against `wsc mcp`
// over stdio: tools/list passes its --strict schema portability check, resources and prompts list,
// arguments that fail a tool's schema come back as a tool result with isError naming the argument,
// a write goes through (read back through REST), and an unknown tool is refused.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeServerInstall } from '../../scripts/code-server-paths.mjs';
import { testToolInstall } from '../../scripts/test-tools-paths.mjs';
import { WSC } from '../cli/run-wsc';
import { api, type Loose } from '../emulator/support/api';
import { spawnEmulator, type TestEmulator } from '../support/emulator';

const ROOT = join(__dirname, '..', '..');
const INSPECTOR = testToolInstall('inspector').entry;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** One Inspector CLI run, with a home of its own (it keeps a server catalog there). */
function inspector(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(codeServerInstall().nodeBin, [INSPECTOR, '--cli', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: home, LANG: 'C.UTF-8' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let em: TestEmulator;
let token: string;
let home: string;
const http = (...args: string[]) => inspector([`${em.url}/api/mcp`, '--transport', 'http', '--header', `Authorization: Bearer ${token}`, ...args]);
const stdio = (...args: string[]) => inspector(['-e', `WSC_URL=${em.url}`, '-e', `WSC_TOKEN=${token}`, '-e', `HOME=${home}`, ...args, '--', process.execPath, WSC, 'mcp']);

beforeAll(async () => {
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'install-test-tools.mjs'), 'inspector'], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 300_000 });
  em = await spawnEmulator({ demo: true });
  token = (em.info?.demoTokens as { token: string }[])[0]?.token ?? '';
  home = mkdtempSync(join(tmpdir(), 'wsc-inspector-home-'));
}, 320_000);
afterAll(() => em?.stop());

describe('MCP Inspector (CLI) against wsc serve --demo over HTTP', () => {
  it('tools/list passes --strict and lists the write tools; resources and prompts list', async () => {
    const tools = await http('--method', 'tools/list', '--strict');
    expect(tools.code, tools.stderr).toBe(0);
    const names = (JSON.parse(tools.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['read_thread', 'create_task', 'add_task_note', 'create_doc', 'reply_in_thread']));
    for (const method of ['resources/list', 'resources/templates/list', 'prompts/list']) {
      const r = await http('--method', method);
      expect(r.code, `${method}: ${r.stderr}`).toBe(0);
    }
  });

  it('a bad argument is a tool result with isError naming it; a write goes through once', async () => {
    const bad = await http('--method', 'tools/call', '--tool-name', 'search_messages', '--tool-arg', 'q=x');
    const badResult = JSON.parse(bad.stdout) as Loose;
    expect(badResult.isError).toBe(true);
    expect(badResult.structuredContent.error).toMatchObject({ code: 'invalid_request', arguments: ['q'] });
    expect(badResult.content[0].text).toContain("'q' must have at least 2 characters");
    const args = ['--method', 'tools/call', '--tool-name', 'create_task', '--tool-arg', 'title=Filed by the Inspector', 'idempotency_key=inspector-1'];
    const first = JSON.parse((await http(...args)).stdout) as Loose;
    const again = JSON.parse((await http(...args)).stdout) as Loose;
    expect(first.structuredContent.ref).toMatch(/^T-\d+$/);
    expect(again.structuredContent).toEqual(first.structuredContent);
    const tasks = (await api(em.url, token, 'GET', '/api/v1/tasks?q=Filed%20by%20the%20Inspector')).body.tasks as Loose[];
    expect(tasks).toHaveLength(1);
  });

  it('an unknown tool is refused', async () => {
    const r = await http('--method', 'tools/call', '--tool-name', 'no_such_tool');
    expect(r.code).not.toBe(0);
    expect(`${r.stdout}${r.stderr}`).toMatch(/no_such_tool/);
  });
});

describe('MCP Inspector (CLI) against wsc mcp over stdio', () => {
  it('lists the tools (--strict) and answers a read and a bad argument', async () => {
    const tools = await stdio('--method', 'tools/list', '--strict');
    expect(tools.code, tools.stderr).toBe(0);
    expect((JSON.parse(tools.stdout) as { tools: unknown[] }).tools.length).toBeGreaterThanOrEqual(19);
    const read = JSON.parse((await stdio('--method', 'tools/call', '--tool-name', 'list_channels')).stdout) as Loose;
    expect(read.isError ?? false).toBe(false);
    const bad = JSON.parse((await stdio('--method', 'tools/call', '--tool-name', 'read_thread')).stdout) as Loose;
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent.error.arguments).toEqual(['message_id']);
  });
});
