// SignalExit in a process of its own whose ending never finishes by itself: what ends it is a
// second signal, the end limit, or a signal before the UI is up.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { HANG_LIMIT_MS } from '../../support/hang-limit';

/** An end limit no test reaches: only a signal can end the process. */
const NEVER_MS = 10 * 60_000;

let script: string;
const started = new Set<ChildProcess>();

beforeAll(() => {
  script = join(mkdtempSync(join(tmpdir(), 'wsc-signal-exit-')), 'child.cjs');
  buildSync({ entryPoints: [join(__dirname, '..', 'support', 'signal-exit-child.ts')], bundle: true, platform: 'node', format: 'cjs', outfile: script, logLevel: 'silent' });
});

afterEach(() => {
  // A child a failed test left running would outlive the run: it ignores SIGTERM and SIGHUP.
  for (const proc of started) if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  started.clear();
});

interface Child {
  proc: ChildProcess;
  /** Resolves once the child has written `line`. */
  said(line: string): Promise<void>;
  exited: Promise<number | null>;
}

function start(...args: string[]): Child {
  const proc = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  started.add(proc);
  let out = '';
  const waiting = new Set<() => void>();
  proc.stdout?.on('data', (d: Buffer) => {
    out += String(d);
    for (const check of waiting) check();
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const said = (line: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the child did not say ${JSON.stringify(line)}; it said:\n${out}`)), HANG_LIMIT_MS);
      const check = () => {
        if (!out.split('\n').includes(line)) return;
        clearTimeout(timer);
        waiting.delete(check);
        resolve();
      };
      waiting.add(check);
      check();
    });
  return { proc, said, exited };
}

it('a second SIGTERM while ending exits at once with 143', async () => {
  const child = start(String(NEVER_MS));
  await child.said('listening');
  child.proc.kill('SIGTERM');
  await child.said('ending 143');
  child.proc.kill('SIGTERM');
  expect(await child.exited).toBe(143);
});

it('SIGTERM while ending after a hang-up exits at once with 143', async () => {
  const child = start(String(NEVER_MS));
  await child.said('listening');
  child.proc.kill('SIGHUP');
  await child.said('ending 129');
  child.proc.kill('SIGTERM');
  expect(await child.exited).toBe(143);
});

it('a second SIGHUP is the same hang-up (the kernel and the shell both send one): the ending goes on', async () => {
  const child = start(String(NEVER_MS));
  await child.said('listening');
  child.proc.kill('SIGHUP');
  await child.said('ending 129');
  child.proc.kill('SIGHUP');
  // Had the second SIGHUP ended the process, it would have exited 129.
  child.proc.kill('SIGTERM');
  expect(await child.exited).toBe(143);
});

it('an ending that does not finish within the end limit exits with the signal status', async () => {
  const child = start('100');
  await child.said('listening');
  child.proc.kill('SIGHUP');
  expect(await child.exited).toBe(129);
});

it('a signal before the UI is up exits at once with its status', async () => {
  const child = start(String(NEVER_MS), 'before-the-ui');
  await child.said('listening');
  child.proc.kill('SIGTERM');
  expect(await child.exited).toBe(143);
});
