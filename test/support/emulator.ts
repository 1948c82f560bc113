// Starts the local service for tests: in-process (fast, default) or as a real `wsc serve` child
// process (build first with `node esbuild.mjs`). Both answer the same control helpers.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Fixture } from '../../emulator/fixture';
import type { FaultSpec } from '../../emulator/faults';
import { createEmulator } from '../../emulator/server';

const ROOT = join(__dirname, '..', '..');

export interface EmulatorControl {
  reset(fixture?: Fixture): Promise<void>;
  mergePr(prUrl: string): Promise<{ tasks: string[] }>;
  checksFailed(prUrl: string): Promise<void>;
  appendRunEvents(runId: string, events: unknown[]): Promise<{ seqs: number[] }>;
  setRunStatus(runId: string, status: string): Promise<void>;
  advanceClock(ms: number): Promise<{ now: string }>;
  faults(spec: FaultSpec): Promise<void>;
  state(): Promise<{ tables: Record<string, Record<string, unknown>[]>; now: string }>;
}

export interface TestEmulator {
  url: string;
  /** This run's control API key (x-emulator-key). */
  controlKey: string;
  control: EmulatorControl;
  stop(): Promise<void>;
  /** The first stdout line, parsed (spawn variant only). */
  info?: Record<string, unknown>;
  child?: ChildProcess;
}

export interface StartOptions {
  /** A fixture object, or a fixture name under test/fixtures (default 'basic'). */
  fixture?: Fixture | string;
  demo?: boolean;
  dataFile?: string;
  /** A fixed port (e.g. to bring a stopped service back where a client knows it). */
  port?: number;
  /** Spec-allowed choices (emulator/variants.ts); default: WSC_TEST_VARIANT, so whole suites run against a variant. */
  variant?: string;
}

/** Reads test/fixtures/<name>.json (a fresh copy every call). */
export function loadFixture(name = 'basic'): Fixture {
  return JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', `${name}.json`), 'utf8')) as Fixture;
}

function resolveFixture(fixture: Fixture | string | undefined): Fixture {
  return typeof fixture === 'object' ? fixture : loadFixture(fixture ?? 'basic');
}

export async function startEmulator(options: StartOptions = {}): Promise<TestEmulator> {
  const variant = options.variant ?? process.env.WSC_TEST_VARIANT;
  const running = await createEmulator({
    ...(options.demo ? { demo: true } : { fixture: resolveFixture(options.fixture) }),
    ...(options.dataFile ? { dataFile: options.dataFile } : {}),
    ...(options.port !== undefined ? { port: options.port } : {}),
    ...(variant ? { variant } : {}),
  });
  return { url: running.url, controlKey: running.controlKey, control: controlClient(running.url, running.controlKey), stop: () => running.close() };
}

/** Runs `node dist/wsc.js serve --port 0 ...` and waits for its first stdout line. */
export async function spawnEmulator(options: StartOptions & { fixtureFile?: string; args?: string[] } = {}): Promise<TestEmulator> {
  const args = [join(ROOT, 'dist', 'wsc.js'), 'serve', '--port', '0'];
  if (options.demo) args.push('--demo');
  else args.push('--fixture', options.fixtureFile ?? join(ROOT, 'test', 'fixtures', `${typeof options.fixture === 'string' ? options.fixture : 'basic'}.json`));
  if (options.dataFile) args.push('--data', options.dataFile);
  args.push(...(options.args ?? []));
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const first = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`wsc serve printed nothing within 10 s: ${stderr}`)), 10_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`wsc serve exited with ${code}: ${stderr}`));
    });
  });
  const info = JSON.parse(first) as Record<string, unknown> & { url: string; controlKey: string };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: info.url,
    controlKey: info.controlKey,
    info,
    child,
    control: controlClient(info.url, info.controlKey),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      lines.close();
    },
  };
}

async function callWithKey<T>(base: string, key: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/_emulator${path}`, {
    method,
    headers: { 'x-emulator-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`control ${method} ${path} failed: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

export function controlClient(base: string, key: string): EmulatorControl {
  const call = <T>(b: string, method: string, path: string, body?: unknown) => callWithKey<T>(b, key, method, path, body);
  return {
    reset: async (fixture) => void (await call(base, 'POST', '/reset', fixture ? { fixture } : {})),
    mergePr: (prUrl) => call(base, 'POST', '/pull-requests/merged', { pr_url: prUrl }),
    checksFailed: async (prUrl) => void (await call(base, 'POST', '/checks/failed', { pr_url: prUrl })),
    appendRunEvents: (runId, events) => call(base, 'POST', `/runs/${encodeURIComponent(runId)}/events`, { events }),
    setRunStatus: async (runId, status) => void (await call(base, 'POST', `/runs/${encodeURIComponent(runId)}/status`, { status })),
    advanceClock: (ms) => call(base, 'POST', '/clock', { advanceMs: ms }),
    faults: async (spec) => void (await call(base, 'POST', '/faults', spec)),
    state: () => call(base, 'GET', '/state'),
  };
}
