// Runs the local service as its own process (`node dist/wsc.js serve`), as a person would, so its
// memory is its own and the benchmark's client does not share its event loop.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Fixture } from '../../emulator/fixture';

export interface BenchService {
  url: string;
  pid: number;
  /** Resident set size of the service process in MiB (from /proc). */
  rssMiB(): number;
  /** CPU time (user + system) the service process has used so far, in ms (from /proc). */
  cpuMs(): number;
  /** POST/GET on the control API. */
  control<T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>;
  stop(): Promise<void>;
  /** Milliseconds from spawning the process to its first stdout line (it is listening by then). */
  startMs: number;
}

export interface StartOptions {
  /** The CLI to run (default: this checkout's dist/wsc.js); e.g. a baseline build (support/baseline.ts). */
  wscScript?: string;
  /** Serve this --data file. Its existing workspace wins over the fixture, as in `wsc serve`. */
  dataFile?: string;
  /** How long the service may take to load its fixture and listen (default 120 s; a million messages take longer on a loaded machine). */
  startTimeoutMs?: number;
}

const ROOT = process.cwd();

export async function startService(fixture: Fixture, extraArgs: string[] = [], options: StartOptions = {}): Promise<BenchService> {
  const dir = mkdtempSync(join(tmpdir(), 'wsc-bench-'));
  const fixtureFile = join(dir, 'fixture.json');
  writeFileSync(fixtureFile, JSON.stringify(fixture));
  const script = options.wscScript ?? join(ROOT, 'dist', 'wsc.js');
  const data = options.dataFile ? ['--data', options.dataFile] : [];
  const spawnedAt = performance.now();
  const child: ChildProcess = spawn(process.execPath, [script, 'serve', '--port', '0', '--fixture', fixtureFile, ...data, ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const first = await new Promise<string>((resolve, reject) => {
    const limit = options.startTimeoutMs ?? 120_000;
    const timer = setTimeout(() => reject(new Error(`wsc serve printed nothing within ${limit / 1000} s: ${stderr}`)), limit);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`wsc serve exited with ${code}: ${stderr}. Run 'node esbuild.mjs' first.`));
    });
  });
  const startMs = performance.now() - spawnedAt;
  const { url, controlKey } = JSON.parse(first) as { url: string; controlKey: string };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pid = child.pid as number;
  return {
    url,
    pid,
    startMs,
    rssMiB() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
      return kb / 1024;
    },
    cpuMs() {
      // /proc/<pid>/stat: fields 14 and 15 (utime, stime) in clock ticks; the name (field 2) may
      // hold spaces, so count from its closing parenthesis. Linux's tick is 100 Hz here.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    async control<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
      const res = await fetch(`${url}/_emulator${path}`, {
        method,
        headers: { 'x-emulator-key': controlKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`control ${method} ${path} answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as T;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      lines.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
