// A start from the saved first frame paints it before Ink loads (tui/prepaint.ts), and Ink's own
// first frame, drawn over it, writes the very same lines: at two sizes, with colour and without.
// Keys typed at the painted frame reach the UI in order; Ctrl+C and an error before Ink loads leave
// the terminal as it was (main screen, cursor shown, cooked mode).
import { beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { HANG_LIMIT_MS } from '../../support/hang-limit';
import { BEGIN_FRAME, END_FRAME } from '../../support/pty/screen-text';
import { WscPty } from '../../support/pty/wsc';
import { PtyApp, ROOT, ensureBuilt, stripCsi } from '../support/pty-app';
import { MARIA } from '../support/tui-session';

const HOME = '\x1b[H';
const LEAVE_ALT_SCREEN = '\x1b[?1049l';
const SHOW_CURSOR = '\x1b[?25h';

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
    home = first.home;
  }, 2 * HANG_LIMIT_MS);

  const savedStart = (size: { cols: number; rows: number }, env: Record<string, string> = {}) =>
    new PtyApp([], { WSC_URL: url, WSC_TOKEN: MARIA, ...env }, size, { home });

  for (const size of [
    { cols: 100, rows: 30 },
    { cols: 60, rows: 14 },
  ]) {
    for (const colour of [true, false]) {
      it(`is Ink's first frame byte for byte at ${size.cols}×${size.rows} ${colour ? 'in colour' : 'with NO_COLOR'}`, async () => {
        const app = savedStart(size, { NO_COLOR: colour ? '' : '1' });
        try {
          await app.until(() => app.frames().length >= 2, { what: 'two frames' });
          const [painted, ink] = app.frames() as [string, string];
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
   * Starts from the saved frame and runs `act` (keys typed, a resize) at the very read that
   * completes the painted frame (the driver checks a wait at every read): a poll a few milliseconds later may already see Ink's own frame on
   * a busy machine. When Ink's frame came in that same read (the test's process stalled for the
   * whole start), `act` did not happen at the painted frame: started again, three times at most.
   */
  const actAtPaintedFrame = async (size: { cols: number; rows: number }, act: (app: PtyApp) => void): Promise<PtyApp> => {
    for (let attempt = 1; ; attempt++) {
      const app = savedStart(size);
      let framesAtAct = 0;
      const actOnFirstFrame = (): boolean => {
        const frames = app.frames().length;
        if (framesAtAct > 0 || frames < 1) return framesAtAct > 0;
        act(app);
        framesAtAct = frames;
        return true;
      };
      try {
        await app.until(actOnFirstFrame, { what: 'the painted frame' });
      } catch (error) {
        await app.quit().catch(() => undefined);
        throw error;
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
      expect(app.frames().length).toBeGreaterThanOrEqual(1);
      const rows = stripCsi(app.frames()[0] as string).replace(/\r/g, '').split('\n');
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
      await app.until(() => app.frames().slice(1).some((f) => widthOf(f) === 80), { what: 'a frame drawn at 80 columns' });
      const frames = app.frames();
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
  function inShell(env: Record<string, string> = {}): { run: WscPty; ended: Promise<number> } {
    // The shell stays until it is told to go: what a pty's program writes just before it exits can be
    // lost with it (a loaded run read nothing after "wsc exited").
    const shell = '"$0" "$1"; echo "wsc exited $?"; stty -a; echo "end of stty"; read -r _';
    const run = new WscPty({ root: ROOT, home, shell, env: { WSC_URL: url, WSC_TOKEN: MARIA, ...env } });
    const ended = run.until(() => run.output.includes('end of stty'), { what: "the end of stty -a's output" }).then(() => {
      run.write('\r');
      return run.exited;
    });
    return { run, ended };
  }

  const cooked = (stty: string) => /(^|\s)icanon(\s|$)/.test(stty) && /(^|\s)echo(\s|$)/.test(stty) && /(^|\s)isig(\s|$)/.test(stty);

  it('quits on Ctrl+C typed before Ink loads, leaving the terminal restored', async () => {
    const { run, ended } = inShell();
    await run.until(() => run.frames().length >= 1, { what: 'the painted frame' });
    run.write('\x03');
    expect(run.frames()).toHaveLength(1);
    await ended;
    const after = run.output.slice(run.output.lastIndexOf(END_FRAME));
    expect(after).toContain(LEAVE_ALT_SCREEN);
    expect(after.slice(after.lastIndexOf(LEAVE_ALT_SCREEN))).toContain(SHOW_CURSOR);
    expect(after).toContain('wsc exited 0');
    expect(cooked(after.slice(after.indexOf('wsc exited')))).toBe(true);
  });

  it('says an error met before Ink loads on the restored terminal', async () => {
    const { run, ended } = inShell({ WSC_MAX_RESPONSE_BYTES: 'lots' });
    await ended;
    const output = run.output;
    expect(run.frames()).toHaveLength(1);
    const left = output.lastIndexOf(LEAVE_ALT_SCREEN);
    expect(left).toBeGreaterThan(output.indexOf(END_FRAME));
    const after = output.slice(left);
    expect(after).toContain(SHOW_CURSOR);
    expect(after).toContain('WSC_MAX_RESPONSE_BYTES is "lots"');
    expect(after).toContain('wsc exited 1');
    expect(cooked(after.slice(after.indexOf('wsc exited')))).toBe(true);
  });
});
