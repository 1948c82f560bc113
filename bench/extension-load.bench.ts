// The extension's code loading without VS Code around it: `require('dist/extension.js')` in a
// fresh Node process, with a stand-in `vscode` module (a Proxy: loading touches no real API), which
// is what VS Code's "Load Code" step does in the extension host. Clock: around the require() call
// only (Node's start excluded), which loads the files dist/extension.js requires at once too (not
// the features under dist/extension/ loaded on first use); their size is the reference. Measured on
// the build the .vsix ships (--production: minified, no source maps), the goal's figure, and on the
// development build beside it. Median and p90 of SAMPLES fresh processes; the real VS Code figure
// is in extension-activation.bench.ts (code-server, slower to run).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchResult } from './types';
import { measureLoad } from './support/load';
import { median, percentile, round } from './support/stats';

const ROOT = process.cwd();
const SAMPLES = 21;
const GOAL_MS = 50;

const LOADER = `const Module = require('node:module');
const stub = process.env.WSC_BENCH_VSCODE_STUB;
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) { return request === 'vscode' ? stub : resolve.call(this, request, ...rest); };
require(stub);
const t0 = performance.now();
require(process.argv[2]);
const ms = performance.now() - t0;
const files = Object.keys(require.cache).filter((f) => f !== stub && f !== __filename);
const bytes = files.reduce((sum, f) => sum + require('node:fs').statSync(f).size, 0);
process.stdout.write(JSON.stringify({ ms, files: files.length, bytes }));
`;
const STUB = `const h = { get: (t, k) => (k === '__esModule' ? false : k === 'then' ? undefined : new Proxy(function () {}, h)), apply: () => new Proxy(function () {}, h), construct: () => new Proxy(function () {}, h) };
module.exports = new Proxy({}, h);
`;

/** Medians of SAMPLES fresh processes, each requiring the bundle; and what it loaded. */
function measure(bundle: string, loader: string, stub: string): { samples: number[]; files: number; bytes: number } {
  const samples: number[] = [];
  let loaded = { files: 0, bytes: 0 };
  for (let i = 0; i < SAMPLES + 1; i++) {
    const r = spawnSync(process.execPath, [loader, bundle], { env: { PATH: process.env.PATH ?? '', WSC_BENCH_VSCODE_STUB: stub }, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`loading dist/extension.js failed: ${r.stderr}`);
    const sample = JSON.parse(r.stdout) as { ms: number; files: number; bytes: number };
    if (i > 0) samples.push(sample.ms); // the first run warms the disk cache
    loaded = sample;
  }
  return { samples, ...loaded };
}

function build(production: boolean): void {
  const r = spawnSync(process.execPath, ['esbuild.mjs', ...(production ? ['--production'] : [])], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`node esbuild.mjs${production ? ' --production' : ''} failed: ${r.stderr}`);
}

export async function run(): Promise<BenchResult[]> {
  const bundle = join(ROOT, 'dist', 'extension.js');
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: build with \`node esbuild.mjs\` first (npm run bench does).`);
  const dir = mkdtempSync(join(tmpdir(), 'wsc-bench-extload-'));
  try {
    const loader = join(dir, 'load.cjs');
    const stub = join(dir, 'vscode.cjs');
    writeFileSync(loader, LOADER);
    writeFileSync(stub, STUB);
    const load = measureLoad();
    // The development build (npm run bench's own: not minified, with source maps), then the one the
    // .vsix ships (`npm run package` builds with --production); dist/ is rebuilt as it was after.
    const development = measure(bundle, loader, stub);
    let shipped: ReturnType<typeof measure>;
    try {
      build(true);
      shipped = measure(bundle, loader, stub);
    } finally {
      build(false);
    }
    const ms = median(shipped.samples);
    const kib = (bytes: number) => round(bytes / 1024, 1);
    return [
      {
        name: `extension code load as shipped (the --production build in the .vsix), require(dist/extension.js) in plain Node with a stand-in vscode (median of ${SAMPLES} fresh processes; ${load.describe()})`,
        value: round(ms, 1),
        unit: 'ms',
        reference: { name: `code loaded at start as shipped (dist/extension.js and the files it requires: ${shipped.files})`, value: kib(shipped.bytes), unit: 'KiB' },
        goal: `< ${GOAL_MS} ms`,
        met: ms < GOAL_MS,
      },
      { name: `extension code load as shipped, p90 (${SAMPLES} processes)`, value: round(percentile(shipped.samples, 90), 1), unit: 'ms' },
      {
        name: 'extension code load, development build (not minified, source maps), median',
        value: round(median(development.samples), 1),
        unit: 'ms',
        reference: { name: `code loaded at start, development build (${development.files} files)`, value: kib(development.bytes), unit: 'KiB' },
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
