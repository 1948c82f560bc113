// Runs the real `node dist/wsc.js` (build first: node esbuild.mjs) with a clean environment:
// its own HOME and XDG folders, WSC_URL/WSC_TOKEN when given, no colour unless asked.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HANG_LIMIT_MS } from '../support/hang-limit';

const ROOT = join(__dirname, '..', '..');
export const WSC = join(ROOT, 'dist', 'wsc.js');

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliEnvOptions {
  url?: string;
  token?: string;
  extra?: Record<string, string>;
}

/** A fresh home with its own config and state folders. */
export function makeHome(): string {
  return mkdtempSync(join(tmpdir(), 'wsc-cli-home-'));
}

export function cliEnv(home: string, options: CliEnvOptions = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_STATE_HOME: join(home, 'state'),
    LANG: 'C.UTF-8',
  };
  if (options.url !== undefined) env.WSC_URL = options.url;
  if (options.token !== undefined) env.WSC_TOKEN = options.token;
  return { ...env, ...options.extra };
}

export interface RunOptions {
  env: NodeJS.ProcessEnv;
  input?: string;
  cwd?: string;
  timeoutMs?: number;
}

export function runWsc(args: string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WSC, ...args], { env: options.env, cwd: options.cwd ?? ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`wsc ${args.join(' ')} did not finish within ${options.timeoutMs ?? HANG_LIMIT_MS} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs ?? HANG_LIMIT_MS);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** A long-running `wsc` (follow modes): wait for stdout lines, then stop it. */
export interface RunningWsc {
  child: ChildProcess;
  /** Resolves once stdout holds at least `count` lines matching `match` (all lines when omitted). */
  waitForLines(count: number, match?: (line: string) => boolean, timeoutMs?: number): Promise<string[]>;
  stdout(): string;
  stderr(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
  exited: Promise<number | null>;
}

export function startWsc(args: string[], options: RunOptions): RunningWsc {
  const child = spawn(process.execPath, [WSC, ...args], { env: options.env, cwd: options.cwd ?? ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  const listeners = new Set<() => void>();
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString('utf8');
    for (const l of [...listeners]) l();
  });
  child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
  child.stdin.end(options.input ?? '');
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const lines = (match?: (line: string) => boolean) => out.split('\n').filter((l) => l !== '' && (match ? match(l) : true));
  return {
    child,
    exited,
    stdout: () => out,
    stderr: () => err,
    waitForLines(count, match, timeoutMs = HANG_LIMIT_MS) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = lines(match);
          if (found.length >= count) {
            clearTimeout(timer);
            listeners.delete(check);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`expected ${count} line(s) within ${timeoutMs} ms; stdout: ${out}\nstderr: ${err}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), HANG_LIMIT_MS);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** No ESC, no C1 control, no DEL and no carriage return: nothing a terminal would interpret. */
export function hasTerminalControls(text: string): boolean {
  return /[\u001b\u007f-\u009f\r]/.test(text);
}
