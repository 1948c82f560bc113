// The `wsc` executable: chooses the terminal UI (`wsc`, `wsc --demo`), the local service
// (`wsc serve`) or a subcommand (dist/cli/<name>.cjs, else cli/main.ts: help, version, completion). Each is loaded only when chosen, so a one-shot
// command never loads Ink or React and the terminal UI never loads the subcommands.
import { createRequire } from 'node:module';
import { isCommandName } from '../cli/command-names';
import type { PaintedStart } from '../tui/prepaint';
import { SignalExit } from '../tui/signal-exit';

// A reader that stops early (`wsc read general | head -1`, `… | true`) closes the pipe: the next write
// fails with EPIPE. That is the reader saying "enough", not an error: stop quietly, like `cat`.
const endWhenReaderLeaves = (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') process.exit(process.exitCode ?? 0);
  throw error;
};
const ignoreClosedStderr = (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
};
process.stdout.on('error', endWhenReaderLeaves);
process.stderr.on('error', ignoreClosedStderr);

const argv = process.argv.slice(2);
const command = argv[0];
let painted: PaintedStart | undefined;

async function main(): Promise<number> {
  if (command === 'serve') {
    const { runServe } = await import('../emulator/serve');
    return runServe(argv.slice(1));
  }
  if (command === undefined || command === '--demo') {
    // On a terminal, from here SIGTERM, SIGHUP and its streams failing (it closed) end the UI as a
    // quit does (tui/signal-exit.ts), not as a closed pipe ends a command.
    let signals: SignalExit | undefined;
    if (process.stdin.isTTY && process.stdout.isTTY) {
      process.stdout.off('error', endWhenReaderLeaves);
      process.stderr.off('error', ignoreClosedStderr);
      signals = new SignalExit();
    }
    // The saved first frame goes on screen before the UI loads: see tui/prepaint.ts.
    // Not in accessible mode, whose line mode draws no screen (tui/plain/).
    if (command === undefined && !(await import('../term/accessible-mode')).accessibleMode()) painted = await (await import('../tui/prepaint')).paintSavedFrame();
    const { runTui } = await import('../tui/run');
    const code = await runTui({ demo: command === '--demo', argv: argv.slice(1), painted, signals });
    // The UI has saved what it keeps (drafts, the offline store and its outbox) and closed: a call
    // still waiting on a slow service or retrying must not hold the quit UI open (up to 40-90 s).
    process.exit(code);
  }
  if (isCommandName(command)) {
    // Each subcommand is one self-contained file (esbuild.mjs): starting it reads that file alone.
    const { run } = createRequire(import.meta.url)(`./cli/${command}.cjs`) as { run: (args: string[]) => Promise<number> };
    return run(argv.slice(1));
  }
  const { runCli } = await import('../cli/main');
  return runCli(argv);
}

main().then(
  (code) => {
    // `wsc serve` keeps running after its start resolves: only a failure sets the exit code.
    if (code !== 0 || command !== 'serve') process.exitCode = code;
  },
  async (error: unknown) => {
    painted?.restore();
    // Even a last-resort error may quote the service: it goes through the sanitising reporter.
    const { reportError } = await import('../cli/output');
    reportError(error);
    process.exitCode = 1;
  },
);
