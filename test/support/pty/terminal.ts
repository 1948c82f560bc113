// A program in a real pseudo-terminal (node-pty): what it writes, waits for what it shows (each
// checked on every write it makes, so a wait ends at the very write that satisfies it), keys typed
// to it, how long a key takes to show, and a clean end. Shared by the pty tests and the benches.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { IPty } from 'node-pty';
import { HANG_LIMIT_MS } from '../hang-limit';
import { frameHalfWritten, frameLines, lastFrameLines, plainText, rawFrames } from './screen-text';

// node-pty is a native module: required at run time from node_modules, never bundled (the benches are).
const pty = createRequire(import.meta.url)('node-pty') as typeof import('node-pty');

export interface PtyProgram {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  size?: { cols: number; rows: number };
}

export interface WaitOptions {
  /** Only output written from here on (a `mark()`) counts. */
  since?: number;
  timeoutMs?: number;
  /** Named in the timeout error. */
  what?: string;
}

export interface Ended {
  code: number;
  waitedMs: number;
  /** It had not exited within the limit and was killed. */
  stuck: boolean;
}

export class PtyTerminal {
  output = '';
  exitCode: number | null = null;
  readonly proc: IPty;
  readonly exited: Promise<number>;
  private readonly checks = new Set<() => void>();

  constructor(program: PtyProgram) {
    const size = program.size ?? { cols: 100, rows: 30 };
    this.proc = pty.spawn(program.file, program.args, { name: 'xterm-256color', cols: size.cols, rows: size.rows, cwd: program.cwd, env: program.env });
    this.proc.onData((d) => {
      this.output += d;
      this.runChecks();
    });
    this.exited = new Promise((resolve) => {
      this.proc.onExit((e) => {
        this.exitCode = e.exitCode;
        this.runChecks();
        resolve(e.exitCode);
      });
    });
  }

  mark(): number {
    return this.output.length;
  }

  write(keys: string): void {
    this.proc.write(keys);
  }

  /** Whether the text written since `since` (escape sequences removed) holds `text`. */
  shows(text: string | RegExp, since = 0): boolean {
    const seen = plainText(this.output.slice(since));
    return typeof text === 'string' ? seen.includes(text) : text.test(seen);
  }

  /** Every complete frame written since `since`, raw, oldest first. */
  frames(since = 0): string[] {
    return rawFrames(this.output.slice(since));
  }

  /** The last complete frame begun since `since`, as lines ([] while none is written whole). */
  lastFrame(since = 0): string[] {
    return lastFrameLines(this.output, since);
  }

  /**
   * Resolves with the time (performance.now()) at which `test` first holds: now, at a write or at
   * the exit. Fails after the timeout with what was awaited and the last screen.
   */
  async until(test: () => boolean, options: WaitOptions = {}): Promise<number> {
    const timeoutMs = options.timeoutMs ?? HANG_LIMIT_MS;
    const at = await this.settle(test, timeoutMs);
    if (at === null) throw this.failure(options.what ?? 'the screen to change', timeoutMs);
    return at;
  }

  /**
   * Waits until `text` appears in the output written since `since`, and the frame it is in has been
   * written whole (so `lastFrame()` right after is that frame, not the one before it).
   */
  async waitFor(text: string | RegExp, options: WaitOptions = {}): Promise<void> {
    await this.until(() => this.shows(text, options.since), { what: String(text), ...options });
    await this.frameWritten();
  }

  /**
   * Waits until the last complete frame drawn since `since` passes `test`, and returns it as lines
   * (for judging one whole frame, where a later frame may redraw only a status line).
   */
  async untilFrame(test: (frame: string[]) => boolean, options: WaitOptions = {}): Promise<string[]> {
    await this.until(() => test(this.lastFrame(options.since)), { what: 'a frame', ...options });
    return this.lastFrame(options.since);
  }

  /**
   * Waits for the first complete frame drawn since `since` whose raw text (escape sequences kept)
   * passes `test`, and returns it as lines.
   */
  async untilFirstFrame(test: (raw: string) => boolean, options: WaitOptions = {}): Promise<string[]> {
    const found = () => this.frames(options.since).find(test);
    await this.until(() => found() !== undefined, { what: 'a frame', ...options });
    return frameLines(found() as string);
  }

  /**
   * The screen as the newest frame draws it (one being written is waited for: its first lines alone
   * would not show what it is about to), or null before the first (or in a program that draws none).
   */
  async screen(): Promise<string | null> {
    await this.frameWritten();
    return this.frames().length === 0 ? null : this.lastFrame().join('\n');
  }

  /** Writes `keys`; the ms until the first write that follows (null: none within `timeoutMs`). */
  async keyToFrame(keys: string, timeoutMs = 2_000): Promise<number | null> {
    const since = this.mark();
    return this.timed(keys, () => this.output.length > since, timeoutMs);
  }

  /** Writes `keys`; the ms until the output since then shows `text` (null: not within `timeoutMs`). */
  async keyToText(keys: string, text: string | RegExp, timeoutMs = 5_000): Promise<number | null> {
    const since = this.mark();
    return this.timed(keys, () => this.shows(text, since), timeoutMs);
  }

  /** The process's peak resident set so far (VmHWM), in MiB. */
  peakRssMiB(): number {
    const status = readFileSync(`/proc/${this.proc.pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
  }

  /**
   * Ends the program: types `keys` (a quit key) and waits up to `limitMs` for it to exit, then
   * kills it; without keys, kills it at once.
   */
  async close(keys?: string, limitMs = 5_000): Promise<Ended> {
    const started = Date.now();
    if (this.exitCode !== null) return { code: this.exitCode, waitedMs: 0, stuck: false };
    if (keys === undefined) this.proc.kill();
    else this.proc.write(keys);
    let timer: NodeJS.Timeout | undefined;
    const stuck = new Promise<'stuck'>((resolve) => (timer = setTimeout(() => resolve('stuck'), limitMs)));
    const code = await Promise.race([this.exited, stuck]);
    clearTimeout(timer);
    const waitedMs = Date.now() - started;
    if (code !== 'stuck') return { code, waitedMs, stuck: false };
    this.proc.kill();
    return { code: await this.exited, waitedMs, stuck: true };
  }

  /**
   * Closes the terminal as a terminal window closing does: the program's terminal hangs up (reads
   * end, writes fail with EIO) and node-pty sends it SIGHUP.
   */
  hangUp(): void {
    // UnixTerminal has destroy(); the IPty interface does not declare it.
    (this.proc as IPty & { destroy(): void }).destroy();
  }

  /** An error saying what did not happen in time, with the last screen. */
  failure(what: string, timeoutMs: number): Error {
    const ended = this.exitCode === null ? '' : ` (the program exited with ${this.exitCode})`;
    const screen = this.frames().length > 0 ? this.lastFrame().join('\n') : plainText(this.output).slice(-1500);
    return new Error(`timed out after ${timeoutMs} ms waiting for ${what}${ended}; last screen:\n${screen}`);
  }

  /** Resolves once no frame is half written (a frame is written in a few writes, within milliseconds). */
  private async frameWritten(): Promise<void> {
    await this.settle(() => !frameHalfWritten(this.output) || this.exitCode !== null, HANG_LIMIT_MS);
  }

  private async timed(keys: string, test: () => boolean, timeoutMs: number): Promise<number | null> {
    const shown = this.settle(test, timeoutMs);
    const started = performance.now();
    this.proc.write(keys);
    const at = await shown;
    return at === null ? null : at - started;
  }

  /** The time at which `test` first holds (checked now, at every write and at the exit); null after `timeoutMs`. */
  private settle(test: () => boolean, timeoutMs: number): Promise<number | null> {
    if (test()) return Promise.resolve(performance.now());
    return new Promise((resolve) => {
      const check = (): void => {
        if (!test()) return;
        const at = performance.now();
        this.checks.delete(check);
        clearTimeout(timer);
        resolve(at);
      };
      const timer = setTimeout(() => {
        this.checks.delete(check);
        resolve(null);
      }, timeoutMs);
      this.checks.add(check);
    });
  }

  private runChecks(): void {
    for (const check of [...this.checks]) check();
  }
}
