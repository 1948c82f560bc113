// One cycle of the extension test runner (dist/test/extension/run-code-server.mjs: a fresh
// code-server, profile and extension host) with only the suites WSC_TEST_GREP picks; resolves with
// everything it printed, or rejects with the tail of it when it fails.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = process.cwd();
const RUNNER = join(ROOT, 'dist', 'test', 'extension', 'run-code-server.mjs');

/** Installs code-server when missing (a no-op when cached) and checks the runner is built. */
export function prepareSuiteRuns(): void {
  const install = spawnSync(process.execPath, [join(ROOT, 'scripts', 'install-code-server.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (install.status !== 0) throw new Error(`scripts/install-code-server.mjs exited with ${install.status ?? install.signal}`);
  if (!existsSync(RUNNER)) throw new Error(`${RUNNER} is missing: build with \`node esbuild.mjs\` first (npm run bench does).`);
}

export function runSuites(grep: string, timeoutSeconds: number, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUNNER], {
      cwd: ROOT,
      env: { ...process.env, WSC_TEST_GREP: grep, WSC_TEST_TIMEOUT_S: String(timeoutSeconds) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(output);
      else reject(new Error(`the ${what} suite exited with ${code ?? signal}; its output's tail:\n${output.slice(-3000)}`));
    });
  });
}

/** `found` or an error saying the suite printed no figures. */
export function figuresIn<T>(found: T | null | undefined, output: string, what: string): T {
  if (found === null || found === undefined) throw new Error(`the ${what} suite printed no figures; its output's tail:\n${output.slice(-3000)}`);
  return found;
}
