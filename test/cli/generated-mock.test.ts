// The CLI's read commands against a mock generated from the service's own OpenAPI document
// (Stoplight Prism, static mode: every answer is the document's example). Such a service is
// valid by the document yet says nothing sensible, so each command must still end by itself with a
// documented exit code: a clean answer, or a named error (not found, unexpected answer), never a
// crash or a hang. Prism comes from `node scripts/install-test-tools.mjs prism`; without it the
// suite is skipped, saying so.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeServerInstall } from '../../scripts/code-server-paths.mjs';
import { isTestToolInstalled, testToolInstall } from '../../scripts/test-tools-paths.mjs';
import { buildOpenApi } from '../../emulator/discovery/openapi';
import { modules } from '../../emulator/routes';
import { cliEnv, makeHome, runWsc } from './run-wsc';

const PRISM = testToolInstall('prism');
const NODE = codeServerInstall().nodeBin;
const available = isTestToolInstalled('prism') && existsSync(NODE);
if (!available) console.warn(`generated-mock.test.ts skipped: Stoplight Prism ${PRISM.version} (node scripts/install-test-tools.mjs prism) or Node >= 22 beside code-server (node scripts/install-code-server.mjs) is not installed.`);

/** How long one command may take against the mock before it counts as a hang. */
const BOUND_MS = 30_000;
/** Exit codes that end a command with a named outcome (cli/exit-codes.ts): ok, unauthorized, not found, conflict, unavailable or unexpected answer, rate limited, queued. */
const DOCUMENTED = [0, 3, 4, 5, 6, 7, 8];

const RUN = 'b0000000-0000-4000-8000-000000000001';
const READS: string[][] = [
  ['status'],
  ['channels'],
  ['read', 'string'],
  ['read', 'general'],
  ['mentions'],
  ['search', 'hello'],
  ['people'],
  ['task', 'list'],
  ['task', 'show', 'T-42'],
  ['doc', 'list'],
  ['events', RUN],
  ['action', 'list'],
];

let dir = '';
let prism: ChildProcess | undefined;
let url = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe.skipIf(!available)('wsc read commands against a mock generated from the OpenAPI document', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wsc-generated-mock-'));
    const document = join(dir, 'openapi.json');
    writeFileSync(document, JSON.stringify(buildOpenApi(modules.flatMap((m) => m.routes ?? []))));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const child = spawn(NODE, [PRISM.entry, 'mock', '--host', '127.0.0.1', '--port', String(port), document], { stdio: ['ignore', 'pipe', 'pipe'] });
    prism = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Prism did not start within 90 s:\n${output}`)), 90_000);
      const hear = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Prism is listening')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', hear);
      child.stderr.on('data', hear);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`Prism exited with ${code}:\n${output}`));
      });
    });
  }, 120_000);
  afterAll(() => {
    prism?.kill();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each(READS.map((args) => [args.join(' '), args] as const))('wsc %s ends with a documented exit code', async (_title, args) => {
    const r = await runWsc([...args, '--json'], { env: cliEnv(makeHome(), { url, token: 'hpt_generated_mock' }), timeoutMs: BOUND_MS });
    expect(DOCUMENTED, `exit ${String(r.code)}\n${r.stderr}`).toContain(r.code);
    // Every answer these commands read is described in the document, so the mock's example of it
    // reads (events: the mock's page that repeats forever is a stall, which is exit 6).
    if (args[0] !== 'events') expect(r.code === 6 ? r.stderr : '', 'an answer the document describes, refused as unexpected').toBe('');
    // The mock answers every events request with the same page: each event is still printed once.
    if (args[0] === 'events') {
      const seqs = r.stdout.split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { seq: number }).seq);
      expect(new Set(seqs).size).toBe(seqs.length);
    }
    expect(r.stderr).not.toMatch(/TypeError|ReferenceError|\n\s+at /);
    if (r.code !== 0) expect(JSON.parse(r.stderr) as unknown).toMatchObject({ error: { code: expect.any(String), hint: expect.any(String) } });
  }, BOUND_MS + 5_000);
});
