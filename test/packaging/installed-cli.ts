// Runs an installed `wsc` the way a new user would, from an empty home and folder: --version,
// `wsc serve --demo` (its first line), and one subcommand against that service.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { HANG_LIMIT_MS } from '../support/hang-limit';

export interface SmokeResult {
  version: string;
  channelNames: string[];
}

/** `command` with `args` starts the installed CLI, e.g. ('/prefix/bin/wsc', []) or ('node', ['ext/dist/wsc.js']). */
export async function smokeInstalledCli(command: string, args: readonly string[]): Promise<SmokeResult> {
  const home = mkdtempSync(join(tmpdir(), 'wsc-home-'));
  const env = { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: join(home, '.config'), NO_COLOR: '1' };
  const run = (more: string[], extraEnv: Record<string, string> = {}) => {
    const result = spawnSync(command, [...args, ...more], { cwd: home, env: { ...env, ...extraEnv }, encoding: 'utf8', timeout: HANG_LIMIT_MS });
    if (result.status !== 0) throw new Error(`wsc ${more.join(' ')} exited ${result.status ?? result.signal}: ${result.stderr}`);
    return result.stdout;
  };
  const version = run(['--version']).trim();

  const service = spawn(command, [...args, 'serve', '--demo', '--port', '0'], { cwd: home, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  service.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const firstLine = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`wsc serve --demo printed no first line in ${HANG_LIMIT_MS} ms: ${stderr}`)), HANG_LIMIT_MS);
      createInterface({ input: service.stdout }).once('line', (line) => (clearTimeout(timer), resolve(line)));
      service.once('exit', (code) => (clearTimeout(timer), reject(new Error(`wsc serve --demo exited ${code}: ${stderr}`))));
    });
    const { url, demoTokens } = JSON.parse(firstLine) as { url: string; demoTokens: { handle: string; token: string }[] };
    const owner = demoTokens.find((t) => t.handle === 'alice') ?? demoTokens[0]!;
    const listed = JSON.parse(run(['channels', '--json'], { WSC_URL: url, WSC_TOKEN: owner.token })) as { channels: { name: string }[] };
    return { version, channelNames: listed.channels.map((c) => c.name) };
  } finally {
    service.kill('SIGTERM');
  }
}
