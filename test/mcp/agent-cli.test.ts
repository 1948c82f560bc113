// The README's agent set-up, run as written with a real agent CLI: Google's Gemini CLI (pinned,
// installed once into ~/.cache/wsc-test by scripts/install-test-tools.mjs) reads the README's
// settings block or runs its `gemini mcp add` line, and its own health check (`gemini mcp list`)
// must report the server connected to a real `wsc serve --demo` through `wsc mcp`.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geminiCliInstall } from '../../scripts/test-tools-paths.mjs';
import { WSC } from '../cli/run-wsc';
import { spawnEmulator, type TestEmulator } from '../support/emulator';

const ROOT = join(__dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The README's Gemini settings block (the jsonc fence holding "mcpServers"), comments removed. */
function readmeSettingsBlock(): unknown {
  const fence = [...README.matchAll(/```jsonc\n([\s\S]*?)```/g)].map((m) => m[1] as string).find((b) => b.includes('"mcpServers"'));
  if (!fence) throw new Error('README has no jsonc block with "mcpServers"');
  return JSON.parse(fence.split('\n').filter((l) => !l.trim().startsWith('//')).join('\n'));
}

/** The README's `gemini mcp add …` line, as arguments after `gemini`. */
function readmeGeminiAdd(): string[] {
  const line = README.split('\n').find((l) => l.startsWith('gemini mcp add '));
  if (!line) throw new Error('README has no `gemini mcp add` line');
  return line.replace(/#.*$/, '').trim().split(/\s+/).slice(1);
}

interface Sandbox {
  home: string;
  project: string;
  env: NodeJS.ProcessEnv;
}

let em: TestEmulator;
let demoToken: string;
const sandboxes: string[] = [];

/** A fresh HOME with `wsc` on PATH (as an installed CLI would be) and an empty project folder. */
function sandbox(extraEnv: NodeJS.ProcessEnv = {}): Sandbox {
  const dir = mkdtempSync(join(tmpdir(), 'wsc-agent-cli-'));
  sandboxes.push(dir);
  const home = join(dir, 'home');
  const project = join(dir, 'project');
  const bin = join(dir, 'bin');
  for (const d of [join(home, '.gemini'), project, bin]) mkdirSync(d, { recursive: true });
  writeFileSync(join(bin, 'wsc'), `#!/bin/sh\nexec "${process.execPath}" "${WSC}" "$@"\n`);
  chmodSync(join(bin, 'wsc'), 0o755);
  const env: NodeJS.ProcessEnv = { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), WSC_URL: em.url, NO_COLOR: '1', ...extraEnv };
  return { home, project, env };
}

/** Trusts the project folder the way Gemini's trust prompt records it. */
function trust(box: Sandbox): void {
  writeFileSync(join(box.home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [box.project]: 'TRUST_FOLDER' }));
}

function login(box: Sandbox): void {
  execFileSync(process.execPath, [WSC, 'login', '--url', em.url], { env: box.env, input: `${demoToken}\n`, stdio: ['pipe', 'ignore', 'ignore'] });
}

/** Runs the Gemini CLI in the project folder. Vitest's own variables are left out: Gemini turns folder trust off under them. */
function gemini(box: Sandbox, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [geminiCliInstall().entry, ...args], { cwd: box.project, env: box.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', () => (clearTimeout(timer), resolve(out)));
  });
}

beforeAll(async () => {
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'install-test-tools.mjs'), 'gemini-cli'], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 300_000 });
  em = await spawnEmulator({ demo: true });
  demoToken = (em.info?.demoTokens as { token: string }[])[0]?.token ?? '';
}, 320_000);
afterAll(async () => {
  await em?.stop();
  for (const d of sandboxes) rmSync(d, { recursive: true, force: true });
});

describe("the README's Gemini CLI set-up", () => {
  it('with the settings block: disabled in an untrusted folder, connected once trusted and logged in', async () => {
    const box = sandbox();
    writeFileSync(join(box.home, '.gemini', 'settings.json'), JSON.stringify(readmeSettingsBlock()));
    login(box);
    const untrusted = await gemini(box, ['mcp', 'list']);
    expect(untrusted).toMatch(/wsc-workspace: wsc mcp \(stdio\) - Disabled/);
    expect(untrusted).toContain('untrusted');
    trust(box);
    expect(await gemini(box, ['mcp', 'list'])).toMatch(/✓ wsc-workspace: wsc mcp \(stdio\) - Connected/);
  }, 120_000);

  it('with the `gemini mcp add` line: connected', async () => {
    const box = sandbox();
    trust(box);
    login(box);
    await gemini(box, readmeGeminiAdd());
    expect(JSON.parse(readFileSync(join(box.home, '.gemini', 'settings.json'), 'utf8'))).toMatchObject({ mcpServers: { 'wsc-workspace': { command: 'wsc', args: ['mcp'] } } });
    expect(await gemini(box, ['mcp', 'list'])).toMatch(/✓ wsc-workspace: wsc mcp \(stdio\) - Connected/);
  }, 120_000);

  it('WSC_TOKEN alone does not reach wsc mcp (Gemini strips it), unless the block hands it over by name', async () => {
    const box = sandbox({ WSC_TOKEN: demoToken });
    trust(box);
    writeFileSync(join(box.home, '.gemini', 'settings.json'), JSON.stringify(readmeSettingsBlock()));
    expect(await gemini(box, ['mcp', 'list'])).toMatch(/✗ wsc-workspace: wsc mcp \(stdio\) - Disconnected/);
    writeFileSync(join(box.home, '.gemini', 'settings.json'), JSON.stringify({ mcpServers: { 'wsc-workspace': { command: 'wsc', args: ['mcp'], env: { WSC_TOKEN: '$WSC_TOKEN' } } } }));
    expect(await gemini(box, ['mcp', 'list'])).toMatch(/✓ wsc-workspace: wsc mcp \(stdio\) - Connected/);
  }, 120_000);
});
