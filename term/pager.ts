// Long output on a terminal goes through the person's pager, as git and gh do: $WSC_PAGER, else
// $PAGER, else `less` with LESS=FRX (quits at once when the text fits the screen, keeps colour,
// leaves the text on screen). Never when stdout is not a terminal, so scripts and pipes are untouched.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export interface Pager {
  /** Where the command's stdout text goes while the pager runs. */
  readonly input: NodeJS.WritableStream;
  /** Ends the text and waits until the person has left the pager. */
  done(): Promise<void>;
}

/** The pager command to run through the shell, or null for none (unset to '' or 'cat'). */
export function pagerCommand(env: NodeJS.ProcessEnv): string | null {
  const chosen = env.WSC_PAGER ?? env.PAGER;
  if (chosen !== undefined) {
    const cmd = chosen.trim();
    return cmd === '' || cmd === 'cat' ? null : cmd;
  }
  return onPath('less', env.PATH ?? '') ? 'less' : null;
}

function onPath(name: string, path: string): boolean {
  return path.split(delimiter).some((dir) => {
    if (dir === '') return false;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Starts the pager when `stdout` is a terminal and one is configured, else null. When the person
 * quits the pager before the text is all written, `onQuit` runs (the command stops, like `git log | less`).
 */
export function startPager(stdout: { isTTY?: boolean }, env: NodeJS.ProcessEnv, onQuit: () => void): Pager | null {
  if (stdout.isTTY !== true) return null;
  const cmd = pagerCommand(env);
  if (cmd === null) return null;
  const child = spawn('/bin/sh', ['-c', cmd], {
    stdio: ['pipe', 'inherit', 'inherit'],
    env: { ...env, LESS: env.LESS ?? 'FRX', LV: env.LV ?? '-c' },
  });
  let finished = false;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      if (!finished) onQuit();
      resolve();
    });
    child.once('error', () => resolve());
  });
  // The pager closing its input early is the person saying "enough", not an error.
  child.stdin.on('error', () => undefined);
  return {
    input: child.stdin,
    async done() {
      finished = true;
      child.stdin.end();
      await exited;
    },
  };
}
