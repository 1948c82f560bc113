// The tests' wsc in a real pseudo-terminal: the shared driver (test/support/pty/) with NO_COLOR=1,
// so text is written contiguously and the only escape sequences are Ink's own, plus what a test
// holds it to: a key press must be proven by something only its effect shows, and a quit must end
// the program within QUIT_LIMIT_MS.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { plainText, stripCsi } from '../../support/pty/screen-text';
import { ensureBuilt as ensureBuiltIn, WscPty } from '../../support/pty/wsc';

export { stripCsi };

export const ROOT = join(__dirname, '..', '..', '..');

/** Builds dist/ once when it is missing (npm test builds before vitest). */
export const ensureBuilt = (): void => ensureBuiltIn(ROOT);

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

export class PtyApp extends WscPty {
  /** `cwd`: where wsc runs (its git context), the project root unless given; `home`: an earlier run's. */
  constructor(args: string[], env: Record<string, string>, size = { cols: 100, rows: 30 }, options: { cwd?: string; home?: string } = {}) {
    super({ root: ROOT, args, env, size, ...options });
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
    this.write(keys);
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
   * Types text (it may arrive in one read, as a paste or fast typing does) and waits until the field
   * shows all of it: the text right before the input cursor '▏' (the same text elsewhere on screen,
   * e.g. a list filtered as you type, proves nothing).
   */
  async type(text: string): Promise<void> {
    const since = this.mark();
    this.write(text);
    await this.waitFor(`${text}▏`, { since });
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
    const ended = await this.close(keys, QUIT_LIMIT_MS);
    recordQuit(ended.waitedMs);
    if (!ended.stuck) return ended.code;
    throw new Error(`wsc was still running ${ended.waitedMs} ms after ${JSON.stringify(keys)} was typed to quit it; screen tail:\n${plainText(this.output).slice(-1500)}`);
  }
}
