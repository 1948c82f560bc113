// Runs npm scripts side by side and fails when any fails: `node scripts/run-parallel.mjs typecheck lint`.
// Each script's output is kept together and printed when it ends, under its name, so two logs never
// interleave line by line in CI.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script> [<npm script> …]');
  process.exit(2);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
        const chunks = [];
        child.stdout.on('data', (c) => chunks.push(c));
        child.stderr.on('data', (c) => chunks.push(c));
        child.on('close', (code, signal) => {
          const output = Buffer.concat(chunks).toString();
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          process.stdout.write(`── ${name}: ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s\n${output}${output && !output.endsWith('\n') ? '\n' : ''}`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
