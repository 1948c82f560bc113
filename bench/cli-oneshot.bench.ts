// One-shot commands as scripts and agents run them: `node dist/wsc.js channels --json` against the
// local service (`wsc serve`, its own process), beside its floor: a plain node:http script that
// makes the same request (GET /api/v1/channels with the same token) and prints the body.
// - Clock: from spawn() to the child's exit, so Node's own start, loading our code, the request
//   and the exit are all inside; the two commands alternate, so the machine's load hits both alike.
// - Memory: the child's peak resident set (getrusage maxRSS, written by a --require'd hook at exit),
//   not a snapshot.
// - CPU: the child's user + system CPU time (getrusage, same hook): less swayed than wall time
//   by other processes on a busy machine, so the ratio is given for both.
// SAMPLES runs of each; median and p90; the load average over the runs is in each figure's name.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchResult } from './types';
import { BENCH_TOKENS, benchFixture } from './support/fixture';
import { measureLoad } from './support/load';
import { startService } from './support/service';
import { median, nowMs, percentile, round } from './support/stats';

const ROOT = process.cwd();
const SAMPLES = 40;
const WARMUP = 3;
const GOAL_RATIO = 1.5;
const GOAL_PEAK_MIB = 60;

interface Sample {
  ms: number;
  peakMiB: number;
  cpuMs: number;
}

function runOnce(args: string[], env: NodeJS.ProcessEnv, peakFile: string): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const t0 = nowMs();
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...env, WSC_BENCH_PEAK_FILE: peakFile }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const ms = nowMs() - t0;
      if (code !== 0) {
        reject(new Error(`${args.join(' ')} exited with ${code}: ${stderr}`));
        return;
      }
      const usage = JSON.parse(readFileSync(peakFile, 'utf8')) as { maxRSS: number; userCPUTime: number; systemCPUTime: number };
      resolve({ ms, peakMiB: usage.maxRSS / 1024, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 });
    });
  });
}

export async function run(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'wsc-bench-oneshot-'));
  const service = await startService(benchFixture({ bigChannelMessages: 10 }));
  try {
    const peakHook = join(dir, 'peak.cjs');
    // maxRSS is in KiB on Linux.
    writeFileSync(peakHook, "process.on('exit', () => require('node:fs').writeFileSync(process.env.WSC_BENCH_PEAK_FILE, JSON.stringify(process.resourceUsage())));\n");
    const plain = join(dir, 'plain.mjs');
    writeFileSync(
      plain,
      `import { request } from 'node:http';
const req = request(process.env.WSC_URL + '/api/v1/channels', { headers: { authorization: 'Bearer ' + process.env.WSC_TOKEN, accept: 'application/json' } }, (res) => {
  const chunks = [];
  res.on('data', (c) => chunks.push(c));
  res.on('end', () => process.stdout.write(Buffer.concat(chunks)));
});
req.end();
`,
    );
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      XDG_CONFIG_HOME: join(dir, 'config'),
      XDG_STATE_HOME: join(dir, 'state'),
      WSC_URL: service.url,
      WSC_TOKEN: BENCH_TOKENS.alice,
    };
    const peakFile = join(dir, 'peak');
    const wscArgs = ['--require', peakHook, join(ROOT, 'dist', 'wsc.js'), 'channels', '--json'];
    const plainArgs = ['--require', peakHook, plain];
    for (let i = 0; i < WARMUP; i++) {
      await runOnce(wscArgs, env, peakFile);
      await runOnce(plainArgs, env, peakFile);
    }
    const load = measureLoad();
    const wsc: Sample[] = [];
    const floor: Sample[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      wsc.push(await runOnce(wscArgs, env, peakFile));
      floor.push(await runOnce(plainArgs, env, peakFile));
    }
    const where = `${SAMPLES} runs each, alternating; ${load.describe()}`;
    const wscMs = median(wsc.map((s) => s.ms));
    const floorMs = median(floor.map((s) => s.ms));
    const ratio = wscMs / floorMs;
    const wscCpu = median(wsc.map((s) => s.cpuMs));
    const floorCpu = median(floor.map((s) => s.cpuMs));
    const wscPeak = median(wsc.map((s) => s.peakMiB));
    const floorPeak = median(floor.map((s) => s.peakMiB));
    return [
      {
        name: `wsc channels --json whole process, spawn to exit (median; ${where})`,
        value: round(wscMs, 1),
        unit: 'ms',
        reference: { name: 'plain node:http one-shot, same request', value: round(floorMs, 1), unit: 'ms' },
        goal: `≤ ${GOAL_RATIO} × plain`,
        met: ratio <= GOAL_RATIO,
      },
      { name: 'wsc channels --json ÷ plain node:http (median over median)', value: round(ratio, 2), unit: '×', goal: `≤ ${GOAL_RATIO}`, met: ratio <= GOAL_RATIO },
      {
        name: `wsc channels --json CPU time, user + system (median; ${where})`,
        value: round(wscCpu, 1),
        unit: 'ms',
        reference: { name: 'plain node:http one-shot', value: round(floorCpu, 1), unit: 'ms' },
        goal: `≤ ${GOAL_RATIO} × plain (CPU, for a busy machine)`,
        met: wscCpu / floorCpu <= GOAL_RATIO,
      },
      {
        name: `wsc channels --json whole process p90 (${where})`,
        value: round(percentile(wsc.map((s) => s.ms), 90), 1),
        unit: 'ms',
        reference: { name: 'plain node:http p90', value: round(percentile(floor.map((s) => s.ms), 90), 1), unit: 'ms' },
      },
      {
        name: `wsc channels --json peak resident memory (getrusage maxRSS, median; ${where})`,
        value: round(wscPeak, 1),
        unit: 'MiB',
        reference: { name: 'plain node:http one-shot', value: round(floorPeak, 1), unit: 'MiB' },
        goal: `≤ ${GOAL_PEAK_MIB} MiB`,
        met: wscPeak <= GOAL_PEAK_MIB,
      },
    ];
  } finally {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
