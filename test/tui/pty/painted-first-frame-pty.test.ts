// A start from the saved first frame paints it before Ink loads (tui/prepaint.ts), and Ink's own
// first frame, drawn over it, writes the very same lines: at two sizes, with colour and without.
// Keys typed at the painted frame reach the UI in order; Ctrl+C and an error before Ink loads leave
// the terminal as it was (main screen, cursor shown, cooked mode).
import { join } from 'node:path';
import * as pty from 'node-pty';
import { beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { HANG_LIMIT_MS } from '../../support/hang-limit';
import { PtyApp, ROOT, ensureBuilt, stripCsi } from '../support/pty-app';
import { MARIA } from '../support/tui-session';

const BEGIN_FRAME = '\x1b[?2026h';
const END_FRAME = '\x1b[?2026l';
const HOME = '\x1b[H';
const LEAVE_ALT_SCREEN = '\x1b[?1049l';
const SHOW_CURSOR = '\x1b[?25h';

/** The frames written since the start, raw (the painted one ends with the cursor sent home). */
function rawFrames(output: string): string[] {
  const found: string[] = [];
  for (let start = output.indexOf(BEGIN_FRAME); start >= 0; start = output.indexOf(BEGIN_FRAME, start + 1)) {
    const end = output.indexOf(END_FRAME, start);
    if (end < 0) break;
    found.push(output.slice(start + BEGIN_FRAME.length, end));
  }
  return found;
}

async function until(test: () => boolean, what: () => string): Promise<void> {
  const deadline = Date.now() + HANG_LIMIT_MS;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the painted first frame', () => {
  let home: string;
  let url: string;

  beforeAll(async () => {
    ensureBuilt();
    const emu: TestEmulator = await startEmulator();
    url = emu.url;
    // A first run with the service up opens #random (seen) and keeps the first frame; the others stay unread.
    const first = new PtyApp([], { WSC_URL: url, WSC_TOKEN: MARIA });
    try {
      await first.waitFor('general');
      await first.press('jj\r', 'message #random');
    } finally {
      await first.quit();
      await emu.stop();
    }
    home = first.stateHome;
  }, 2 * HANG_LIMIT_MS);

  const savedStart = (size: { cols: number; rows: number }, env: Record<string, string> = {}) =>
    new PtyApp([], { WSC_URL: url, WSC_TOKEN: MARIA, HOME: home, XDG_STATE_HOME: home, XDG_CONFIG_HOME: home, ...env }, size);

  for (const size of [
    { cols: 100, rows: 30 },
    { cols: 60, rows: 14 },
  ]) {
    for (const colour of [true, false]) {
      it(`is Ink's first frame byte for byte at ${size.cols}×${size.rows} ${colour ? 'in colour' : 'with NO_COLOR'}`, async () => {
        const app = savedStart(size, { NO_COLOR: colour ? '' : '1' });
        try {
          await until(
            () => rawFrames(app.output).length >= 2,
            () => `two frames; output:\n${stripCsi(app.output).slice(-1500)}`,
          );
          const [painted, ink] = rawFrames(app.output) as [string, string];
          expect(painted.endsWith(HOME)).toBe(true);
          expect(stripCsi(painted)).toContain('Maria Member (@maria) in');
          expect(stripCsi(painted)).toContain('saved copy · updated');
          expect(painted.includes('\x1b[1m')).toBe(colour);
          // Ink writes the same lines and ends with a line feed where the painter sends the cursor home.
          expect(`${painted.slice(0, -HOME.length)}\r\n`).toBe(ink);
        } finally {
          await app.quit();
        }
      });
    }
  }

  /**
   * Starts from the saved frame and runs `act` (keys typed, a resize) from the very read that
   * completes the painted frame: a poll a few milliseconds later may already see Ink's own frame on
   * a busy machine. When Ink's frame came in that same read (the test's process stalled for the
   * whole start), `act` did not happen at the painted frame: started again, three times at most.
   */
  const actAtPaintedFrame = async (size: { cols: number; rows: number }, act: (app: PtyApp) => void): Promise<PtyApp> => {
    for (let attempt = 1; ; attempt++) {
      const app = savedStart(size);
      let framesAtAct = 0;
      const listener = app.proc.onData(() => {
        const frames = rawFrames(app.output).length;
        if (framesAtAct > 0 || frames < 1) return;
        act(app);
        framesAtAct = frames;
      });
      try {
        await until(
          () => framesAtAct > 0,
          () => 'the painted frame',
        );
      } catch (error) {
        await app.quit().catch(() => undefined);
        throw error;
      } finally {
        listener.dispose();
      }
      if (framesAtAct === 1) return app;
      await app.quit();
      expect(attempt, 'acted at the painted frame before Ink drew, in one of three starts').toBeLessThan(3);
    }
  };

  it('keeps keys typed at the painted frame, in order: j then Enter opens the next room', async () => {
    // Typed before Ink has drawn (or read) anything: the only frame so far is the painted one.
    const app = await actAtPaintedFrame({ cols: 100, rows: 30 }, (started) => started.proc.write('j\r'));
    try {
      expect(rawFrames(app.output).length).toBeGreaterThanOrEqual(1);
      const rows = stripCsi(rawFrames(app.output)[0] as string).replace(/\r/g, '').split('\n');
      const selected = rows.findIndex((l) => l.startsWith('▸'));
      const next = rows[selected + 1]?.split('│')[0]?.trim().split(' ').pop() as string;
      expect(next).toMatch(/^[a-z-]+$/);
      // The room below the selected one is open: marked in the sidebar, with the key that sends.
      await app.untilFrame((f) => f.some((l) => l.split('│')[0]?.includes(`${next} ◂`)), { what: `${next} open` });
    } finally {
      await app.quit();
    }
  });

  it('is cleared when the terminal is resized before Ink draws, and Ink draws at the new size', async () => {
    let painted = 0;
    const app = await actAtPaintedFrame({ cols: 100, rows: 30 }, (started) => {
      painted = started.output.length;
      started.proc.resize(80, 24);
    });
    try {
      const linesOf = (frame: string) => stripCsi(frame).replace(/\r/g, '').split('\n');
      const widthOf = (frame: string) => Math.max(...linesOf(frame).map((l) => [...l].length));
      await until(
        () => rawFrames(app.output).slice(1).some((f) => widthOf(f) === 80),
        () => 'a frame drawn at 80 columns',
      );
      const frames = rawFrames(app.output);
      if (widthOf(frames[1] as string) === 80) {
        // The resize was seen before Ink drew: the painted frame is cleared first.
        const between = app.output.slice(painted, app.output.indexOf(BEGIN_FRAME, painted));
        expect(between).toContain('\x1b[2J\x1b[H');
      } else {
        // It came while Ink drew its first frame (the size is read when the signal is handled): that
        // frame covers the painted one at the old size, and Ink clears and draws again at the new one.
        expect(widthOf(frames[1] as string)).toBe(100);
      }
      const lines = linesOf(frames.find((f, i) => i > 0 && widthOf(f) === 80) as string);
      expect(lines[0]).toMatch(/^Maria Member \(@maria\) in .{20,}…$/);
    } finally {
      await app.quit();
    }
  });

  /** wsc in a shell that says how it ended and the terminal's modes after it. */
  function inShell(env: Record<string, string> = {}): { proc: pty.IPty; output: () => string; ended: Promise<void> } {
    let output = '';
    // The shell stays until it is told to go: what a pty's program writes just before it exits can be
    // lost with it (a loaded run read nothing after "wsc exited").
    const proc = pty.spawn('/bin/sh', ['-c', '"$0" "$1"; echo "wsc exited $?"; stty -a; echo "end of stty"; read -r _', process.execPath, join(ROOT, 'dist', 'wsc.js')], {
      name: 'xterm-256color',
      cols: 100,
      rows: 30,
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: home, XDG_STATE_HOME: home, XDG_CONFIG_HOME: home, NO_COLOR: '1', TERM: 'xterm-256color', WSC_URL: url, WSC_TOKEN: MARIA, ...env },
    });
    proc.onData((d) => (output += d));
    const exited = new Promise<void>((resolve) => proc.onExit(() => resolve()));
    const ended = until(() => output.includes('end of stty'), () => `the end of stty -a's output; it ends:\n${output.slice(-400)}`).then(() => {
      proc.write('\r');
      return exited;
    });
    return { proc, output: () => output, ended };
  }

  const cooked = (stty: string) => /(^|\s)icanon(\s|$)/.test(stty) && /(^|\s)echo(\s|$)/.test(stty) && /(^|\s)isig(\s|$)/.test(stty);

  it('quits on Ctrl+C typed before Ink loads, leaving the terminal restored', async () => {
    const run = inShell();
    await until(
      () => rawFrames(run.output()).length >= 1,
      () => 'the painted frame',
    );
    run.proc.write('\x03');
    expect(rawFrames(run.output())).toHaveLength(1);
    await run.ended;
    const after = run.output().slice(run.output().lastIndexOf(END_FRAME));
    expect(after).toContain(LEAVE_ALT_SCREEN);
    expect(after.slice(after.lastIndexOf(LEAVE_ALT_SCREEN))).toContain(SHOW_CURSOR);
    expect(after).toContain('wsc exited 0');
    expect(cooked(after.slice(after.indexOf('wsc exited')))).toBe(true);
  });

  it('says an error met before Ink loads on the restored terminal', async () => {
    const run = inShell({ WSC_MAX_RESPONSE_BYTES: 'lots' });
    await run.ended;
    const output = run.output();
    expect(rawFrames(output)).toHaveLength(1);
    const left = output.lastIndexOf(LEAVE_ALT_SCREEN);
    expect(left).toBeGreaterThan(output.indexOf(END_FRAME));
    const after = output.slice(left);
    expect(after).toContain(SHOW_CURSOR);
    expect(after).toContain('WSC_MAX_RESPONSE_BYTES is "lots"');
    expect(after).toContain('wsc exited 1');
    expect(cooked(after.slice(after.indexOf('wsc exited')))).toBe(true);
  });
});
