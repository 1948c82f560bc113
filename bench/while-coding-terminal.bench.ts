// While coding, in the terminal and the shared layer:
// - findReferences over a 780 KB Markdown document (fences, inline code, URLs, 20,000 refs),
//   median of 15, beside one regex pass over the same text;
// - the prepare-commit-msg hook (`wsc hooks prepare-commit-msg`, what every commit runs), median
//   wall time of 15 runs beside a bare `node -e 0` start.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findReferences } from '../shared/index';
import { load1, median, nowMs, round } from './support/stats';
import type { BenchResult } from './types';

const SAMPLES = 15;
const LINE = 'Fix T-12 see https://x.dev/T-3 and @maria `T-4` more text here to pad it out\n';
const DOC = ('```ts\nconst a = "T-1";\n```\n' + LINE.repeat(20)).repeat(500);

function timed(fn: () => void): number {
  const t0 = nowMs();
  fn();
  return nowMs() - t0;
}

export async function run(): Promise<BenchResult[]> {
  const scans: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    floor.push(timed(() => [...DOC.matchAll(/[Tt]-\d+/g)].length));
    scans.push(timed(() => findReferences(DOC, { markdown: true })));
  }

  const repo = mkdtempSync(join(tmpdir(), 'wsc-bench-hook-'));
  execFileSync('git', ['init', '-q', '-b', 'T-12-bench'], { cwd: repo });
  const file = join(repo, 'msg');
  const wsc = join(process.cwd(), 'dist', 'wsc.js');
  const hook: number[] = [];
  const node: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    writeFileSync(file, 'Fix the login redirect\n');
    node.push(timed(() => spawnSync(process.execPath, ['-e', '0'])));
    hook.push(timed(() => spawnSync(process.execPath, [wsc, 'hooks', 'prepare-commit-msg', file, 'message', '--mode', 'trailer'], { cwd: repo })));
  }
  return [
    {
      name: 'shared: findReferences, 780 KB Markdown, 20,000 refs (median)',
      value: round(median(scans)),
      unit: 'ms',
      reference: { name: 'one regex pass over the same text', value: round(median(floor)), unit: 'ms' },
      load1: load1(),
    },
    {
      name: 'cli: prepare-commit-msg hook run (median)',
      value: round(median(hook)),
      unit: 'ms',
      reference: { name: 'node -e 0', value: round(median(node)), unit: 'ms' },
      load1: load1(),
    },
  ];
}
