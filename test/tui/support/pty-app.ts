// Runs the built `wsc` in a real pseudo-terminal (node-pty) and waits for text on screen.
// NO_COLOR=1, so text is written contiguously and the only escape sequences are Ink's own.
import { appendFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import * as pty from 'node-pty';
import { expect } from 'vitest';
import { HANG_LIMIT_MS } from '../../support/hang-limit';

export const ROOT = join(__dirname, '..', '..', '..');

/** Builds dist/ once when it is missing (npm test builds before vitest). */
export function ensureBuilt(): void {
  if (!existsSync(join(ROOT, 'dist', 'wsc.mjs'))) execFileSync(process.execPath, ['esbuild.mjs', '--quiet'], { cwd: ROOT, stdio: 'ignore' });
}

/** Removes CSI sequences (Ink's cursor moves) so a screen line reads as text. */
export const stripCsi = (s: string) => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

// Ink writes each frame inside synchronized-output markers.
const BEGIN_FRAME = '\x1b[?2026h';
const END_FRAME = '\x1b[?2026l';
const frameLines = (raw: string) => stripCsi(raw).replace(/\r/g, '').split('\n');

/**
 * How long the UI may take to exit after its quit key. Measured under two busy loops on 2 cores
 * (load 7): a normal quit took 50-1000 ms; a user waits this long at most before pressing again.
 */
export const QUIT_LIMIT_MS = 5_000;

/** Appends how long a quit took to the file WSC_TEST_QUIT_TIMES names, if any (for load reports). */
function recordQuit(ms: number): void {
  const file = process.env.WSC_TEST_QUIT_TIMES;
  if (file) appendFileSync(file, `${ms} ${process.env.VITEST_WORKER_ID ?? ''} ${expect.getState().testPath ?? ''}\n`);
}

export class PtyApp {
  output = '';
  readonly proc: pty.IPty;
  exitCode: number | null = null;
  readonly exited: Promise<number>;
  /** The empty HOME / XDG_STATE_HOME / XDG_CONFIG_HOME this run was given. */
  readonly stateHome: string;

  /** `cwd`: where wsc runs (its git context); the project root unless given. */
  constructor(args: string[], env: Record<string, string>, size = { cols: 100, rows: 30 }, options: { cwd?: string } = {}) {
    const stateHome = mkdtempSync(join(tmpdir(), 'wsc-tui-state-'));
    this.stateHome = stateHome;
    this.proc = pty.spawn(process.execPath, [join(ROOT, 'dist', 'wsc.js'), ...args], {
      name: 'xterm-256color',
      cols: size.cols,
      rows: size.rows,
      cwd: options.cwd ?? ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: stateHome, XDG_STATE_HOME: stateHome, XDG_CONFIG_HOME: stateHome, NO_COLOR: '1', TERM: 'xterm-256color', ...env },
    });
    this.proc.onData((d) => {
      this.output += d;
    });
    this.exited = new Promise((resolve) => {
      this.proc.onExit((e) => {
        this.exitCode = e.exitCode;
        resolve(e.exitCode);
      });
    });
  }

  mark(): number {
    return this.output.length;
  }

  /**
   * Waits until `text` appears in the output written since `since`, and the frame it is in has been
   * written whole (so `lastFrame()` right after is that frame, not the one before it).
   */
  async waitFor(text: string | RegExp, options: { since?: number; timeoutMs?: number } = {}): Promise<void> {
    const since = options.since ?? 0;
    const deadline = Date.now() + (options.timeoutMs ?? HANG_LIMIT_MS);
    for (;;) {
      const seen = stripCsi(this.output.slice(since));
      if (typeof text === 'string' ? seen.includes(text) : text.test(seen)) return this.frameWritten();
      if (Date.now() > deadline) {
        throw new Error(`timed out waiting for ${String(text)}; screen tail:\n${seen.slice(-1500)}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /**
   * Waits until the last complete frame drawn since `since` passes `test`, and returns it as lines
   * (for judging one whole frame, where a later frame may redraw only a status line).
   */
  async untilFrame(test: (frame: string[]) => boolean, options: { since?: number; timeoutMs?: number; what?: string } = {}): Promise<string[]> {
    const deadline = Date.now() + (options.timeoutMs ?? HANG_LIMIT_MS);
    for (;;) {
      const frame = this.lastFrame(options.since ?? 0);
      if (test(frame)) return frame;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${options.what ?? 'a frame'}; last frame:\n${frame.join('\n')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /**
   * Waits for the first complete frame drawn since `since` whose raw text (escape sequences kept)
   * passes `test`, and returns it as lines.
   */
  async untilFirstFrame(test: (raw: string) => boolean, options: { since?: number; timeoutMs?: number; what?: string } = {}): Promise<string[]> {
    const deadline = Date.now() + (options.timeoutMs ?? HANG_LIMIT_MS);
    for (;;) {
      const raw = this.frames(options.since ?? 0).find(test);
      if (raw !== undefined) return frameLines(raw);
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${options.what ?? 'a frame'}; last frame:\n${this.lastFrame(options.since ?? 0).join('\n')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Every complete frame (between synchronized-output markers) written since `since`, raw, oldest first. */
  frames(since = 0): string[] {
    const found: string[] = [];
    const tail = this.output.slice(since);
    for (let start = tail.indexOf(BEGIN_FRAME); start >= 0; start = tail.indexOf(BEGIN_FRAME, start + 1)) {
      const end = tail.indexOf(END_FRAME, start);
      if (end < 0) break;
      found.push(tail.slice(start + BEGIN_FRAME.length, end));
    }
    return found;
  }

  /**
   * Types keys and waits for the app to draw the frame answering them. `waitFor` must be something
   * only the keys' effect shows: a frame drawn after the keys are written may still be drawn before
   * they are read (every frame is the whole screen), so text already on screen proves nothing, and
   * such a press fails at once.
   */
  async press(keys: string, waitFor?: string | RegExp, timeoutMs?: number): Promise<void> {
    if (waitFor !== undefined) await this.refuseShown(waitFor, keys);
    const since = this.mark();
    this.proc.write(keys);
    if (waitFor !== undefined) await this.waitFor(waitFor, { since, timeoutMs });
  }

  private async refuseShown(text: string | RegExp, keys: string): Promise<void> {
    const screen = await this.screen();
    if (screen === null || !(typeof text === 'string' ? screen.includes(text) : text.test(screen))) return;
    const what = `press(${JSON.stringify(keys)}, ${String(text)}): already on screen before the keys, so it cannot show that they were handled`;
    const audit = process.env.WSC_TEST_PRESS_AUDIT;
    if (audit) appendFileSync(audit, `${expect.getState().testPath ?? ''} > ${expect.getState().currentTestName ?? ''}: ${what}\n`);
    else throw new Error(`${what}; wait for something only their effect shows. Screen:\n${screen}`);
  }

  /**
   * The screen as the newest frame draws it (one being written is waited for: its first lines alone
   * would not show what it is about to), or null before the first (or in a program that draws none).
   */
  private async screen(): Promise<string | null> {
    await this.frameWritten();
    const end = this.output.lastIndexOf(END_FRAME);
    const start = end < 0 ? -1 : this.output.lastIndexOf(BEGIN_FRAME, end);
    return start < 0 ? null : frameLines(this.output.slice(start + BEGIN_FRAME.length, end)).join('\n');
  }

  /** Resolves once no frame is half written (a frame is written in a few writes, within milliseconds). */
  private async frameWritten(): Promise<void> {
    const deadline = Date.now() + HANG_LIMIT_MS;
    while (this.output.lastIndexOf(BEGIN_FRAME) > this.output.lastIndexOf(END_FRAME) && this.exitCode === null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /**
   * Types text (it may arrive in one read, as a paste or fast typing does) and waits until the field
   * shows all of it: the text right before the input cursor '▏' (the same text elsewhere on screen,
   * e.g. a list filtered as you type, proves nothing).
   */
  async type(text: string): Promise<void> {
    const since = this.mark();
    this.proc.write(text);
    await this.waitFor(`${text}▏`, { since });
  }

  /** The last complete frame (between synchronized-output markers), as lines of text. */
  lastFrame(since = 0): string[] {
    const tail = this.output.slice(since);
    const end = tail.lastIndexOf(END_FRAME);
    const start = tail.lastIndexOf(BEGIN_FRAME, end);
    return frameLines(start >= 0 && end > start ? tail.slice(start, end) : tail);
  }

  /**
   * Closes the terminal as a terminal window closing does: the program's terminal hangs up (reads
   * end, writes fail with EIO) and node-pty sends it SIGHUP.
   */
  hangUp(): void {
    // UnixTerminal has destroy(); the IPty interface does not declare it.
    (this.proc as pty.IPty & { destroy(): void }).destroy();
  }

  /** Leaves as Ctrl+C does, from any view: a `q` would be text in a box or the palette's filter. */
  async quit(): Promise<number> {
    if (this.exitCode !== null) return this.exitCode;
    return this.quitWith('\x03');
  }

  /**
   * Types `keys` that end the program and waits for it to exit. Failing to exit within
   * QUIT_LIMIT_MS fails the test (the process is killed): a user would see it not quitting.
   */
  async quitWith(keys: string): Promise<number> {
    const started = Date.now();
    this.proc.write(keys);
    let timer: NodeJS.Timeout | undefined;
    const stuck = new Promise<'stuck'>((resolve) => (timer = setTimeout(() => resolve('stuck'), QUIT_LIMIT_MS)));
    const code = await Promise.race([this.exited, stuck]);
    clearTimeout(timer);
    const waited = Date.now() - started;
    recordQuit(waited);
    if (code !== 'stuck') return code;
    this.proc.kill();
    await this.exited;
    throw new Error(`wsc was still running ${waited} ms after ${JSON.stringify(keys)} was typed to quit it; screen tail:\n${stripCsi(this.output).slice(-1500)}`);
  }
}
