// Bundle sizes as built by `node esbuild.mjs`: the CLI entry dist/wsc.mjs with the chunks it can
// load (followed through its static and dynamic imports, so stale chunks of older builds are not
// counted), the subcommand files in dist/cli/, and the extension's dist/extension.js. Gzip sizes beside them: what a download costs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchResult } from './types';
import { round } from './support/stats';

const DIST = join(process.cwd(), 'dist');

/** The entry plus every chunk reachable through `from "./x"` and `import("./x")`. */
function reachable(entry: string): { file: string; eager: boolean }[] {
  const seen = new Map<string, boolean>();
  const visit = (file: string, eager: boolean) => {
    const known = seen.get(file);
    if (known !== undefined && (known || !eager)) return;
    seen.set(file, eager);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bfrom\s*["'](\.{1,2}\/[^"']+)["']|\bimport\s*\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g)) {
      const target = normalize(join(dirname(file), (m[1] ?? m[2]) as string));
      if (existsSync(target)) visit(target, eager && m[1] !== undefined);
    }
  };
  visit(entry, true);
  return [...seen].map(([file, eager]) => ({ file, eager }));
}

const kib = (bytes: number) => round(bytes / 1024, 1);

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const cli = join(DIST, 'wsc.mjs');
  if (existsSync(cli)) {
    const files = reachable(cli);
    const size = (list: typeof files) => list.reduce((n, f) => n + readFileSync(f.file).length, 0);
    const gz = (list: typeof files) => list.reduce((n, f) => n + gzipSync(readFileSync(f.file)).length, 0);
    const eager = files.filter((f) => f.eager);
    results.push({ name: 'bundle: dist/wsc.mjs loaded at start (entry + static imports)', value: kib(size(eager)), unit: 'KiB', reference: { name: 'gzip', value: kib(gz(eager)), unit: 'KiB' } });
    results.push({
      name: `bundle: dist/wsc.mjs with every chunk it can load`,
      value: kib(size(files)),
      unit: 'KiB',
      reference: { name: 'gzip', value: kib(gz(files)), unit: 'KiB' },
    });
  }
  // The subcommands: one file each (the launcher requires it by name), and one per answer's validator.
  const commands = join(DIST, 'cli');
  if (existsSync(commands)) {
    const files = readdirSync(commands).filter((f) => f.endsWith('.cjs')).map((f) => readFileSync(join(commands, f)));
    const answers = existsSync(join(commands, 'answers')) ? readdirSync(join(commands, 'answers')).filter((f) => f.endsWith('.cjs')).map((f) => readFileSync(join(commands, 'answers', f))) : [];
    const largest = Math.max(...files.map((f) => f.length));
    results.push({
      name: `bundle: dist/cli/, ${files.length} subcommand files and ${answers.length} answer validators (all of them)`,
      value: kib([...files, ...answers].reduce((n, f) => n + f.length, 0)),
      unit: 'KiB',
      reference: { name: 'the largest subcommand file', value: kib(largest), unit: 'KiB' },
    });
  }
  const ext = join(DIST, 'extension.js');
  if (existsSync(ext)) {
    const bytes = readFileSync(ext);
    // The 350 KiB goal is for the minified build (`node esbuild.mjs --production`, what the .vsix ships).
    const minified = !bytes.subarray(-200).toString('utf8').includes('sourceMappingURL');
    results.push({
      name: `bundle: dist/extension.js (${minified ? 'production, minified' : 'development build: minified it is about half'})`,
      value: kib(bytes.length),
      unit: 'KiB',
      reference: { name: 'gzip', value: kib(gzipSync(bytes).length), unit: 'KiB' },
      ...(minified ? { goal: '< 350 KiB (or code load < 50 ms)', met: bytes.length < 350 * 1024 } : {}),
    });
  }
  return results;
}
