// SIGTERM (`kill`) and SIGHUP (the terminal window closed) end the terminal UI as a quit does: the
// UI unmounts (the terminal is restored), drafts are saved and the offline store closed, and then
// the process exits with the conventional status, 128 + the signal's number. A second signal while
// ending exits at once.
//
// After a hang-up the terminal is gone: reading it ends, writing fails (EIO). Those are taken as
// the hang-up itself (also when no SIGHUP reaches us: a shell that ignores it does not pass it on),
// never thrown.
import { closeSync } from 'node:fs';
import { constants } from 'node:os';
import { isatty } from 'node:tty';

export const ENDING_SIGNALS = ['SIGTERM', 'SIGHUP'] as const;
export type EndingSignal = (typeof ENDING_SIGNALS)[number];

/**
 * How long ending may take before the process exits anyway. A normal quit took up to 1 s under
 * load; after a closed window nobody is left to press a key again.
 */
export const END_LIMIT_MS = 5_000;

/** What a stream of a terminal that is gone fails with. */
const TERMINAL_GONE = new Set(['EIO', 'EPIPE', 'ENXIO', 'ERR_STREAM_DESTROYED']);

const STDIO = [0, 1, 2] as const;

/** 143 for SIGTERM, 129 for SIGHUP. */
export function signalStatus(signal: EndingSignal): number {
  return 128 + constants.signals[signal];
}

export interface SignalExitOptions {
  /** END_LIMIT_MS unless given. */
  endLimitMs?: number;
}

export class SignalExit {
  #signal: EndingSignal | undefined;
  readonly #endLimitMs: number;
  #end: () => void = () => this.#exit();
  /** The standard streams that were a terminal when the UI started. */
  readonly #terminalFds = STDIO.filter((fd) => isatty(fd));
  readonly #onSignal = (signal: EndingSignal) => {
    // A closed terminal may send SIGHUP twice (the kernel, then the shell passing it on to its
    // jobs): the same hang-up, not someone asking again.
    if (this.#signal === undefined) this.#ending(signal);
    else if (!(signal === 'SIGHUP' && this.#signal === 'SIGHUP')) this.#exit(signal);
  };
  readonly #onTerminalGone = () => {
    if (this.#signal === undefined) this.#ending('SIGHUP');
  };
  readonly #onStreamError = (error: NodeJS.ErrnoException) => {
    if (!TERMINAL_GONE.has(error.code ?? '')) throw error;
    this.#onTerminalGone();
  };

  /** Listens from now until the process ends; until `whenSignalled` is given, a signal exits at once. */
  constructor(options: SignalExitOptions = {}) {
    this.#endLimitMs = options.endLimitMs ?? END_LIMIT_MS;
    for (const signal of ENDING_SIGNALS) process.on(signal, this.#onSignal);
    for (const stream of [process.stdin, process.stdout, process.stderr]) stream.on('error', this.#onStreamError);
    // In raw mode Ctrl+D is a key: a terminal's input ends only when the terminal is gone.
    if (process.stdin.isTTY) process.stdin.on('end', this.#onTerminalGone);
  }

  /**
   * In the line mode (accessible mode) the terminal stays in its own line mode, where Ctrl+D ends
   * the input: that is a quit, not the terminal gone (a gone terminal still fails writes, and sends SIGHUP).
   */
  inputEndIsQuit(): void {
    process.stdin.off('end', this.#onTerminalGone);
  }

  /** How the UI ends on a signal (it unmounts): run at once if a signal already came. */
  whenSignalled(end: () => void): void {
    this.#end = end;
    if (this.#signal !== undefined) end();
  }

  /** The exit status: the signal's once one came, else `normal`. */
  status(normal: number): number {
    return this.#signal === undefined ? normal : signalStatus(this.#signal);
  }

  #ending(signal: EndingSignal): void {
    this.#signal = signal;
    process.exitCode = signalStatus(signal);
    // After the other exit listeners (they restore the terminal, if it is still there).
    process.once('exit', () => this.#releaseGoneTerminal());
    setTimeout(() => this.#exit(), this.#endLimitMs).unref();
    this.#end();
  }

  /**
   * Closes the standard streams whose terminal is gone: on exit Node restores the terminal settings
   * it started with, and Node 20 aborts with a crash report when that fails (the status is lost); a
   * closed descriptor it skips.
   */
  #releaseGoneTerminal(): void {
    for (const fd of this.#terminalFds) {
      if (isatty(fd)) continue;
      try {
        closeSync(fd);
      } catch {
        // Already closed: nothing to restore either.
      }
    }
  }

  #exit(signal = this.#signal): void {
    process.exit(signal === undefined ? undefined : signalStatus(signal));
  }
}
