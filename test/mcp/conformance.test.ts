// The official MCP conformance suite (@modelcontextprotocol/conformance, server scenarios) against
// a real `wsc serve --demo`. Every scenario that applies to a server offering tools, resources and
// prompts must pass; the others test fixtures of the suite's own reference server (tools named
// test_*, resources test://…) or features this stateless server does not offer, and are listed
// with why (the README's MCP section says the same). A scenario added by a newer suite fails the
// test until it is sorted into one list or the other.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeServerInstall } from '../../scripts/code-server-paths.mjs';
import { testToolInstall } from '../../scripts/test-tools-paths.mjs';
import { spawnEmulator, type TestEmulator } from '../support/emulator';
import { startAnswerProxy, type AnswerProxy } from '../support/answer-proxy';

const ROOT = join(__dirname, '..', '..');
const SUITE = testToolInstall('conformance').entry;

export const APPLICABLE = ['server-initialize', 'ping', 'tools-list', 'resources-list', 'prompts-list', 'dns-rebinding-protection'] as const;

export const NOT_APPLICABLE: Record<string, string> = {
  'logging-set-level': 'the server offers no logging capability (a stateless POST-only server has no stream to send log notifications on)',
  'completion-complete': 'the server offers no completions; the scenario asks for the reference prompt test_prompt_with_arguments',
  'tools-call-simple-text': 'calls the reference tool test_simple_text',
  'tools-call-image': 'calls the reference tool test_image_content',
  'tools-call-audio': 'calls the reference tool test_audio_content',
  'tools-call-embedded-resource': 'calls the reference tool test_embedded_resource',
  'tools-call-mixed-content': 'calls the reference tool test_multiple_content_types',
  'tools-call-with-logging': 'calls the reference tool test_tool_with_logging (and needs log notifications)',
  'tools-call-error': 'calls the reference tool test_error_handling (a workspace tool error is covered by test/mcp/service.test.ts)',
  'tools-call-with-progress': 'calls the reference tool test_tool_with_progress (and needs progress notifications)',
  'tools-call-sampling': 'calls the reference tool test_sampling; the server never asks the client to sample',
  'tools-call-elicitation': 'calls the reference tool test_elicitation; the server never elicits',
  'json-schema-2020-12': 'looks for the reference tool json_schema_2020_12_tool',
  'elicitation-sep1034-defaults': 'calls the reference elicitation tool; the server never elicits',
  'elicitation-sep1330-enums': 'calls the reference elicitation tool; the server never elicits',
  'server-sse-polling': 'needs sessions and SSE streams (test_reconnection); the server is stateless and answers JSON',
  'server-sse-multiple-streams': 'needs sessions and GET SSE streams; the server is stateless, POST only',
  'resources-read-text': 'reads the reference resource test://static-text',
  'resources-read-binary': 'reads the reference resource test://static-binary',
  'resources-templates-read': 'reads the reference template test://template/{id}/data',
  'resources-subscribe': 'the server offers no subscriptions (stateless: it cannot notify of updates)',
  'resources-unsubscribe': 'the server offers no subscriptions (stateless: it cannot notify of updates)',
  'prompts-get-simple': 'gets the reference prompt test_simple_prompt',
  'prompts-get-with-args': 'gets the reference prompt test_prompt_with_arguments',
  'prompts-get-embedded-resource': 'gets the reference prompt test_prompt_with_embedded_resource',
  'prompts-get-with-image': 'gets the reference prompt test_prompt_with_image',
};

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  description: string;
  errorMessage?: string;
}

function node24(): string {
  const { nodeBin } = codeServerInstall();
  if (!existsSync(nodeBin)) throw new Error(`The conformance suite needs Node >= 22, installed by 'node scripts/install-code-server.mjs' (npm test runs it first); not found at ${nodeBin}.`);
  return nodeBin;
}

function run(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(node24(), [SUITE, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Runs one scenario and reads the checks it saved. */
async function scenario(name: string, url: string, out: string): Promise<Check[]> {
  const dir = join(out, name);
  const { output } = await run(['server', '--url', url, '--scenario', name, '--output-dir', dir]);
  const saved = existsSync(dir) ? readdirSync(dir).map((d) => join(dir, d, 'checks.json')).find((f) => existsSync(f)) : undefined;
  if (!saved) throw new Error(`scenario ${name} saved no checks:\n${output.slice(-2000)}`);
  return JSON.parse(readFileSync(saved, 'utf8')) as Check[];
}

let em: TestEmulator;
let forwarder: AnswerProxy;
let out: string;
beforeAll(async () => {
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'install-test-tools.mjs'), 'conformance'], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 300_000 });
  em = await spawnEmulator({ demo: true });
  const tokens = em.info?.demoTokens as { handle: string; token: string }[];
  // The conformance suite connects without credentials and has no option to send any: the forwarder
  // adds the token and passes Host and Origin through for the service to judge.
  forwarder = await startAnswerProxy(em.url, { addHeaders: { authorization: `Bearer ${tokens[0]?.token ?? ''}` }, keepHost: true });
  out = mkdtempSync(join(tmpdir(), 'wsc-mcp-conformance-'));
}, 320_000);
afterAll(async () => {
  await forwarder?.close();
  await em?.stop();
  if (out) rmSync(out, { recursive: true, force: true });
});

describe('official MCP conformance suite (server scenarios)', () => {
  it('sorts every server scenario of the installed suite into applicable or not', async () => {
    const { output } = await run(['list', '--server']);
    const listed = [...output.matchAll(/^\s+- ([a-z0-9-]+)/gm)].map((m) => m[1] as string);
    expect(listed.length).toBeGreaterThan(0);
    const unsorted = listed.filter((s) => !(APPLICABLE as readonly string[]).includes(s) && !(s in NOT_APPLICABLE));
    expect(unsorted, 'scenarios neither applicable nor listed as not applicable').toEqual([]);
  });

  it('passes every applicable scenario against wsc serve --demo', async () => {
    const failures: string[] = [];
    for (const name of APPLICABLE) {
      const checks = await scenario(name, `${forwarder.url}/api/mcp`, out);
      const judged = checks.filter((c) => c.status === 'SUCCESS' || c.status === 'FAILURE' || c.status === 'WARNING');
      if (judged.length === 0) failures.push(`${name}: no checks ran`);
      for (const c of judged) if (c.status !== 'SUCCESS') failures.push(`${name} / ${c.id}: ${c.status} ${c.errorMessage ?? c.description}`);
    }
    expect(failures).toEqual([]);
  });
});
