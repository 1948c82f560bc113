// TUI cold start to a first frame showing the channel list: today (a fresh state folder, the service
// answering) beside a start from the offline cache (the folder of an earlier run, the service stopped).
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchResult } from './types';
import { BENCH_TOKENS, benchFixture } from './support/fixture';
import { startService } from './support/service';
import { measureLoad } from './support/load';
import { load1, median, nowMs, round } from './support/stats';

const ROOT = process.cwd();
const STARTS = 10;
const HEADER = 'Alice (@alice) in Bench';
const loadModule = createRequire(join(ROOT, 'package.json'));
const pty = loadModule('node-pty') as typeof import('node-pty');
const plain = (s: string) => s.replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, '').replace(/\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g, '');

/** Milliseconds from spawning `wsc` to a frame holding the header and `channel`. */
async function startToFrame(url: string, home: string, channel: string): Promise<number> {
  const t0 = nowMs();
  const p = pty.spawn(process.execPath, [join(ROOT, 'dist', 'wsc.js')], {
    name: 'xterm-256color',
    cols: 100,
    rows: 30,
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: home, XDG_STATE_HOME: home, XDG_CONFIG_HOME: home, TERM: 'xterm-256color', WSC_URL: url, WSC_TOKEN: BENCH_TOKENS.alice },
  });
  let output = '';
  const ms = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no frame with ${channel} in 30 s: ${plain(output).slice(-400)}`)), 30_000);
    p.onData((d) => {
      output += d;
      const text = plain(output);
      if (text.includes(HEADER) && text.includes(channel)) {
        clearTimeout(timer);
        resolve(nowMs() - t0);
      }
    });
  });
  const exited = new Promise<void>((resolve) => p.onExit(() => resolve()));
  p.kill();
  await exited;
  return ms;
}

export async function run(): Promise<BenchResult[]> {
  const fixture = benchFixture({});
  const channel = (fixture.channels as { name: string }[])[0]?.name ?? 'general';
  const service = await startService(fixture);
  const load = measureLoad();
  const today: number[] = [];
  const warmHome = mkdtempSync(join(tmpdir(), 'wsc-bench-offline-'));
  try {
    await startToFrame(service.url, warmHome, channel);
    for (let i = 0; i <= STARTS; i++) {
      const ms = await startToFrame(service.url, mkdtempSync(join(tmpdir(), 'wsc-bench-offline-')), channel);
      if (i > 0) today.push(ms);
    }
  } finally {
    await service.stop();
  }
  const cached: number[] = [];
  for (let i = 0; i <= STARTS; i++) {
    const ms = await startToFrame(service.url, warmHome, channel);
    if (i > 0) cached.push(ms);
  }
  const figure = median(cached);
  return [
    {
      name: `tui cold start to a first frame with cached channels, service stopped (median of ${STARTS}; ${load.describe()})`,
      value: round(figure),
      unit: 'ms',
      goal: '< 150 ms',
      met: figure < 150,
      load1: load1(),
      reference: { name: 'today: fresh start, service answering', value: round(median(today)), unit: 'ms' },
    },
  ];
}
