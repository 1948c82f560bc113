// Starting and stopping the harness's helper processes. Each runs in its own process group so
// stopping it also ends what it started (code-server's extension host, file watcher, ...).
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

export function spawnGroup(command: string, args: string[], options: SpawnOptions): ChildProcess {
  return spawn(command, args, { ...options, detached: true });
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** SIGTERM to the group, SIGKILL after `graceMs`; resolves once the leader has exited. */
export async function stopGroup(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    signalGroup(child, 'SIGKILL'); // leftovers of a leader that already exited
    return;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  signalGroup(child, 'SIGKILL');
}

/** Resolves with the first stdout/stderr line matching `pattern`; rejects on exit or timeout. */
export function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs: number, what: string): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString();
      let newline = buffered.indexOf('\n');
      while (newline >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        seen = (seen + line + '\n').slice(-4_000);
        const match = line.match(pattern);
        if (match) {
          finish();
          resolve(match);
          return;
        }
        newline = buffered.indexOf('\n');
      }
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      finish();
      reject(new Error(`${what} exited (${signal ?? `code ${code}`}) before it was ready. Its output:\n${seen}`));
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`${what} was not ready within ${timeoutMs / 1000} s. Its output:\n${seen}`));
    }, timeoutMs);
    function finish() {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
    }
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}
