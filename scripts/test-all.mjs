// `npm test`: every check, arranged so two cores stay busy. Steps run in lanes; a lane runs its
// steps one after another, lanes run side by side, and a step may wait for a step of another lane.
//   lane 1: build → vitest (the suites that share both cores) → vitest (the pseudo-terminal suites)
//   lane 2: installs → (once the shared-core suites are done) the VS Code suite → the same from the
//           installed .vsix (its features) → typecheck → lint
// The pseudo-terminal suites run one file at a time and keep one core busy; lane 2 fills the other.
// Lane 1 streams its output; lane 2's buffered steps are printed whole when each ends, so logs never
// interleave line by line. The closing lines give each step's wall time and the summed test counts.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const node = process.execPath;
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

// `after`: steps to wait for (only their end); `needs`: steps that must also have passed.
/** @typedef {{ name: string, cmd: string, args: string[], after?: string[], needs?: string[], stream?: boolean }} Step */

/** @type {Step[][]} */
const lanes = [
  [
    { name: 'build', cmd: node, args: ['esbuild.mjs'], stream: true },
    { name: 'vitest', cmd: npx, args: ['vitest', 'run', '--project', 'default', '--project', 'latitude'], after: ['install test tools'], needs: ['build'], stream: true },
    { name: 'vitest pty', cmd: npx, args: ['vitest', 'run', '--project', 'default-pty', '--project', 'latitude-pty'], needs: ['build'], stream: true },
  ],
  [
    { name: 'install code-server', cmd: node, args: ['scripts/install-code-server.mjs'] },
    { name: 'install test tools', cmd: node, args: ['scripts/install-test-tools.mjs'] },
    { name: 'extension suite', cmd: node, args: ['dist/test/extension/run-code-server.mjs'], after: ['vitest'], needs: ['build', 'install code-server'] },
    // The features the .vsix must carry, run from the .vsix as code-server installs it.
    { name: 'extension from .vsix', cmd: node, args: ['dist/test/extension/run-code-server.mjs', '--from-vsix'], needs: ['build', 'install code-server'] },
    { name: 'typecheck', cmd: npx, args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
    { name: 'lint', cmd: npx, args: ['eslint', '.'] },
  ],
];

const started = Date.now();
// Each vitest run appends its counts here (test/support/summary-reporter.ts); the closing line sums them.
const countsDir = mkdtempSync(join(tmpdir(), 'wsc-test-counts-'));
const countsFile = join(countsDir, 'counts.jsonl');
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
/** @type {Map<string, Promise<boolean>>} */
const finished = new Map();
/** @type {Map<string, (ok: boolean) => void>} */
const settle = new Map();
for (const step of lanes.flat()) finished.set(step.name, new Promise((resolve) => settle.set(step.name, resolve)));
/** @type {{ name: string, ok: boolean, ms: number, output: string }[]} */
const results = [];

function run(step) {
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, {
      stdio: ['ignore', step.stream ? 'inherit' : 'pipe', step.stream ? 'inherit' : 'pipe'],
      env: { ...process.env, WSC_TEST_COUNTS_FILE: countsFile },
    });
    const chunks = [];
    child.stdout?.on('data', (c) => chunks.push(c));
    child.stderr?.on('data', (c) => chunks.push(c));
    child.on('close', (code, signal) => resolve({ ok: code === 0, why: signal ?? `exit ${code}`, output: Buffer.concat(chunks).toString() }));
  });
}

async function runLane(steps) {
  for (const step of steps) {
    await Promise.all((step.after ?? []).map((name) => finished.get(name)));
    const needed = await Promise.all((step.needs ?? []).map(async (name) => ({ name, ok: await finished.get(name) })));
    const missing = needed.filter((n) => !n.ok).map((n) => n.name);
    if (missing.length > 0) {
      results.push({ name: step.name, ok: false, ms: 0, output: '' });
      process.stdout.write(`── ${step.name}: not run (${missing.join(', ')} failed)\n`);
      settle.get(step.name)?.(false);
      continue;
    }
    const t0 = Date.now();
    const { ok, why, output } = await run(step);
    const ms = Date.now() - t0;
    results.push({ name: step.name, ok, ms, output });
    const text = output && !output.endsWith('\n') ? `${output}\n` : output;
    process.stdout.write(`── ${step.name}: ${ok ? 'passed' : `failed (${why})`} in ${seconds(ms)} (at ${seconds(Date.now() - started)})\n${text}`);
    settle.get(step.name)?.(ok);
  }
}

await Promise.all(lanes.map(runLane));
const lines = [`\nnpm test wall time ${seconds(Date.now() - started)}`];
for (const step of lanes.flat()) {
  const r = results.find((x) => x.name === step.name);
  if (r) lines.push(`  ${step.name.padEnd(20)} ${r.ok ? 'passed' : 'FAILED'} ${r.ms ? seconds(r.ms) : ''}`);
}
const counts = { passed: 0, failed: 0, skipped: 0 };
if (existsSync(countsFile)) {
  for (const line of readFileSync(countsFile, 'utf8').split('\n').filter(Boolean)) {
    const c = JSON.parse(line);
    for (const key of Object.keys(counts)) counts[key] += c[key];
  }
}
rmSync(countsDir, { recursive: true, force: true });
process.stdout.write(`${lines.join('\n')}\n`);
process.stdout.write(`\nvitest tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
