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
  /** POST/GET on the control API. */
  control<T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>;
  stop(): Promise<void>;
}

const ROOT = process.cwd();

export async function startService(fixture: Fixture, extraArgs: string[] = []): Promise<BenchService> {
  const dir = mkdtempSync(join(tmpdir(), 'wsc-bench-'));
  const fixtureFile = join(dir, 'fixture.json');
  writeFileSync(fixtureFile, JSON.stringify(fixture));
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'dist', 'wsc.js'), 'serve', '--port', '0', '--fixture', fixtureFile, ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const first = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`wsc serve printed nothing within 120 s: ${stderr}`)), 120_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`wsc serve exited with ${code}: ${stderr}. Run 'node esbuild.mjs' first.`));
    });
  });
  const { url, controlKey } = JSON.parse(first) as { url: string; controlKey: string };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pid = child.pid as number;
  return {
    url,
    pid,
    rssMiB() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
      return kb / 1024;
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
