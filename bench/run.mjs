// `npm run bench [name...]`: bundles every bench/*.bench.ts (or those whose name contains one of the
// arguments), runs each in its own Node process, prints a table, writes bench/results.json and
// bench/RESULTS.md from it (bench/readme.mjs).
// A bench exports `async function run(): Promise<BenchResult[]>` (bench/types.ts).
import * as esbuild from 'esbuild';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setTimeout, clearTimeout } from 'node:timers';
import { writeBenchReadme } from './readme.mjs';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = join(BENCH_DIR, '..');
// Inside the project so that external packages (better-sqlite3) resolve from node_modules; one
// folder per run, so runs started at the same time (several engineers) never remove each other's.
const OUT = join(ROOT, 'node_modules', '.cache', 'wsc-bench', String(process.pid));
const RESULTS = join(BENCH_DIR, 'results.json');
const PER_BENCH_TIMEOUT_MS = 6 * 60_000;

const filters = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const files = readdirSync(BENCH_DIR)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((name) => f.includes(name)))
  .sort();
if (files.length === 0) {
  console.error(`bench: no bench/*.bench.ts matches ${filters.join(', ') || '(none present)'}. Files are named bench/<name>.bench.ts.`);
  process.exit(2);
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
await esbuild.build({
  entryPoints: Object.fromEntries(files.map((f) => [basename(f, '.ts'), join(BENCH_DIR, f)])),
  outdir: OUT,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  jsx: 'automatic',
  sourcemap: 'inline',
  logLevel: 'warning',
  external: ['better-sqlite3', 'node-sqlite3-wasm', 'bufferutil', 'utf-8-validate', 'vscode', '@vscode/test-electron', 'autocannon', 'playwright-core'],
  define: { 'process.env.DEV': '"false"' },
  banner: { js: "import { createRequire as __benchCreateRequire } from 'node:module'; const require = __benchCreateRequire(import.meta.url);" },
});

/** Runs one bundled bench in a child process; resolves with its figures or an error text. */
function runOne(file) {
  const bundle = join(OUT, `${basename(file, '.ts')}.mjs`);
  const outFile = join(OUT, `${basename(file, '.ts')}.results.json`);
  const script = `const m = await import(${JSON.stringify(pathToFileURL(bundle).href)});
if (typeof m.run !== 'function') throw new Error('it does not export run()');
const results = await m.run();
(await import('node:fs')).writeFileSync(${JSON.stringify(outFile)}, JSON.stringify(results));
process.exit(0);`;
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), PER_BENCH_TIMEOUT_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const seconds = Math.round((Date.now() - started) / 100) / 10;
      if (code === 0 && existsSync(outFile)) resolve({ results: JSON.parse(readFileSync(outFile, 'utf8')), seconds });
      else resolve({ error: signal === 'SIGKILL' ? `timed out after ${PER_BENCH_TIMEOUT_MS / 60_000} min` : `exited with ${code ?? signal}`, seconds });
    });
  });
}

const fmt = (v) => (typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(2)) : '');
const rows = [];
const entries = [];
const failures = [];
const started = Date.now();
// The machine's 1-minute load when the run began: figures on a busy shared machine are noisier.
const loadAtStart = Math.round(loadavg()[0] * 100) / 100;
for (const file of files) {
  const bench = basename(file, '.bench.ts');
  console.error(`bench: ${bench} …`);
  const outcome = await runOne(file);
  if (outcome.error) {
    failures.push(`${bench}: ${outcome.error}`);
    console.error(`bench: ${bench} failed (${outcome.error}); see its output above.`);
    continue;
  }
  console.error(`bench: ${bench} done in ${outcome.seconds} s`);
  for (const r of outcome.results) {
    // The load when this run started, kept with the figure: a later run of other benches must not restamp it.
    entries.push({ bench, ...r, runLoad1: loadAtStart });
    rows.push([
      r.name,
      fmt(r.value),
      r.unit,
      r.reference ? `${r.reference.name}: ${fmt(r.reference.value)} ${r.reference.unit}` : '',
      r.goal ?? '',
      r.met === undefined ? '' : r.met ? 'yes' : 'NO',
    ]);
  }
}

const header = ['figure', 'value', 'unit', 'reference', 'goal', 'met'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => cells.map((c, i) => (i === 1 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of rows) console.log(line(r));

// A filtered run replaces only the figures of the benches it ran.
const previous = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : { results: [] };
const ran = new Set(files.map((f) => basename(f, '.bench.ts')));
const merged = [...(previous.results ?? []).filter((e) => !ran.has(e.bench) || failures.some((f) => f.startsWith(`${e.bench}:`))), ...entries];
writeFileSync(
  RESULTS,
  JSON.stringify({ generatedAt: new Date().toISOString(), machine: { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model ?? '', loadAverageAtStart: loadAtStart }, results: merged }, null, 2) + '\n',
);
writeBenchReadme(RESULTS);
rmSync(OUT, { recursive: true, force: true });
console.error(`bench: ${entries.length} figure(s) in ${Math.round((Date.now() - started) / 1000)} s; written to bench/results.json and bench/RESULTS.md`);
if (failures.length > 0) {
  console.error(`bench: failed: ${failures.join('; ')}`);
  process.exitCode = 1;
}
