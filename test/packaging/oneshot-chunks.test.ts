// A one-shot `wsc` command loads no schema code: the files each subcommand reads at start (the
// launcher and its own dist/cli/<command>.cjs, read from esbuild's metafile by
// scripts/oneshot-chunks.mjs) hold neither TypeBox nor a contract module that builds schemas, only
// the contract's plain values, limits and paths. `wsc doctor` is the exception: it derives the fields
// it compares from the schemas when it runs. The answer checks are one file per answer, required on
// first use: a command run against the local service loads the
// validators of the answers it reads and no other, and none of the code only other commands run
// (the realtime client and its WebSocket, the Markdown parser, https).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { cliEnv, makeHome, WSC } from '../cli/run-wsc';

const ROOT = new URL('../..', import.meta.url).pathname;

let emu: TestEmulator;
let dir = '';
beforeAll(async () => {
  // The build `npm test` made (and every `node esbuild.mjs`) wrote the metafile beside the bundle.
  expect(existsSync(join(ROOT, 'dist', 'wsc.meta.json')), 'dist/wsc.meta.json: build first with `node esbuild.mjs`').toBe(true);
  emu = await startEmulator();
  dir = mkdtempSync(join(tmpdir(), 'wsc-oneshot-loads-'));
}, 120_000);
afterAll(async () => {
  await emu?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Each CLI chunk's file → the sources in it (from esbuild's metafile). */
function chunkSources(): Map<string, string[]> {
  const meta = JSON.parse(readFileSync(join(ROOT, 'dist', 'wsc.meta.json'), 'utf8')) as { outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> };
  return new Map(Object.entries(meta.outputs).map(([out, { inputs }]) => [join(ROOT, out), Object.entries(inputs).filter(([, v]) => v.bytesInOutput > 0).map(([i]) => i)]));
}

/** The answer names whose validator module each CLI chunk is (`wsc-answer:<Name>` sources). */
function answerChunks(): Map<string, string> {
  const chunks = new Map<string, string>();
  for (const [out, inputs] of chunkSources()) {
    const answer = inputs.find((i) => i.startsWith('wsc-answer:'));
    if (answer) chunks.set(out, answer.slice('wsc-answer:'.length));
  }
  return chunks;
}

/**
 * Runs `wsc <args>` against the local service and lists every file Node loaded: ES modules (a module
 * loader hook) and CommonJS ones (the require cache at exit), and every built-in or package a
 * require asked for.
 */
async function modulesLoadedBy(args: string[]): Promise<{ code: number | null; files: string[]; builtins: string[]; packages: string[] }> {
  const listFile = join(dir, `loaded-${args[0]}`);
  const hook = join(dir, 'hook.mjs');
  writeFileSync(
    hook,
    `import { register } from 'node:module';\nregister('data:text/javascript,' + encodeURIComponent(${JSON.stringify(
      "import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(process.env.WSC_TEST_LOADED, url + '\\n'); return next(url, context); }\n",
    )}));\n`,
  );
  const requires = join(dir, 'requires.cjs');
  writeFileSync(
    requires,
    [
      "const Module = require('node:module'); const { appendFileSync } = require('node:fs');",
      'const load = Module._load;',
      "Module._load = function (request, ...rest) { if (!request.startsWith('.') && !request.startsWith('/')) appendFileSync(process.env.WSC_TEST_LOADED, 'require:' + request + '\\n'); return load.call(this, request, ...rest); };",
      "process.on('exit', () => appendFileSync(process.env.WSC_TEST_LOADED, Object.keys(require.cache).map((f) => 'file://' + f).join('\\n') + '\\n'));",
    ].join('\n'),
  );
  writeFileSync(listFile, '');
  const env = cliEnv(makeHome(), { url: emu.url, token: 'hpt_member_rw', extra: { WSC_TEST_LOADED: listFile } });
  const child = spawn(process.execPath, ['--require', requires, '--import', hook, WSC, ...args], { env, cwd: ROOT, stdio: 'ignore' });
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  const lines = readFileSync(listFile, 'utf8').split('\n');
  const files = [...new Set(lines.filter((u) => u.startsWith('file:')).map((u) => new URL(u).pathname))];
  const required = lines.filter((u) => u.startsWith('require:')).map((u) => u.slice('require:'.length));
  const builtins = [...lines.filter((u) => u.startsWith('node:')), ...required.map((r) => (r.startsWith('node:') ? r : `node:${r}`))];
  return { code, files, builtins, packages: required.filter((r) => !r.startsWith('node:')) };
}

describe('one-shot command chunks', () => {
  it('load no TypeBox and no schema module', () => {
    const commands = ['channels', 'post', 'read', 'mentions', 'task', 'doc', 'search', 'people', 'status', 'action', 'events', 'login', 'logout', 'profile', 'share', 'hooks', 'mcp'];
    for (const command of commands) {
      const listed = spawnSync(process.execPath, ['scripts/oneshot-chunks.mjs', command], { cwd: ROOT, encoding: 'utf8' });
      expect(listed.stdout, command).toMatch(/; 0 schema source\(s\)\n$/);
      expect(listed.status, `${command}: ${listed.stdout}`).toBe(0);
    }
  }, 120_000);

  // A fresh home: the first command of a token also asks who it is (Identity), once, to keep its reads in that account's cache.
  it.each([
    [['channels', '--json'], ['ChannelsResponse', 'Identity']],
    [['status', '--json'], ['Identity']],
    [['mentions', '--json'], ['Identity', 'MentionsResponse']],
    [['people', '--json'], ['ChannelsResponse', 'Identity', 'MembersResponse']],
  ])('wsc %j loads the validators of the answers it reads and no other', async (args, answers) => {
    const chunks = answerChunks();
    expect(chunks.size, 'answer validator chunks in the metafile').toBeGreaterThan(10);
    const { code, files } = await modulesLoadedBy(args);
    expect(code).toBe(0);
    const loaded = files.flatMap((f) => (chunks.has(f) ? [chunks.get(f)] : []));
    expect(loaded.sort()).toEqual(answers);
  }, 60_000);

  it('wsc channels loads neither the realtime client, ws, the Markdown parser nor https', async () => {
    const sources = chunkSources();
    const { code, files, builtins } = await modulesLoadedBy(['channels', '--json']);
    expect(code).toBe(0);
    const loaded = files.flatMap((f) => sources.get(f) ?? []);
    expect(loaded.length, 'sources in the loaded chunks').toBeGreaterThan(10);
    expect(loaded.filter((i) => /node_modules\/(@supabase|ws|marked)\//.test(i))).toEqual([]);
    expect(builtins.filter((b) => ['node:https', 'node:tls', 'node:zlib'].includes(b))).toEqual([]);
  }, 60_000);

  it.each([['channels'], ['read', 'general'], ['task', 'list'], ['doc', 'list'], ['mentions'], ['people']])(
    'wsc %s keeps what it read in the offline cache (SQLite loaded after the output) on the native SQLite, no WebAssembly compiled',
    async (...args) => {
      const { code, packages } = await modulesLoadedBy([...args, '--json']);
      expect(code).toBe(0);
      expect(packages).toContain('better-sqlite3');
      expect(packages).not.toContain('node-sqlite3-wasm');
    },
    60_000,
  );
});
