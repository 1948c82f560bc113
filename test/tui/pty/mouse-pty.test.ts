// The mouse in a real pseudo-terminal: the built `wsc` asks for SGR mouse reports (CSI ?1000h
// ?1006h) and turns them off on quit; the test writes the reports a terminal would send and reads
// the screen: the wheel moves the selection of the pane under the pointer, a click on a sidebar row
// opens it, a click on a list row selects it, a click on a message selects it and one on the compose
// box focuses it. `mouse = false` in a temporary tui.toml asks for none.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeTui, startTui, type TuiSession } from '../support/tui-session';

const MOUSE_ON = '\x1b[?1000h\x1b[?1006h';
const MOUSE_OFF = '\x1b[?1006l\x1b[?1000l';

function configWith(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'wsc-tui-config-'));
  mkdirSync(join(dir, 'wsc'));
  writeFileSync(join(dir, 'wsc', 'tui.toml'), text);
  return dir;
}

const press = (x: number, y: number) => `\x1b[<0;${x};${y}M\x1b[<0;${x};${y}m`;
const wheel = (x: number, y: number, down: boolean) => `\x1b[<${down ? 65 : 64};${x};${y}M`;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The screen line (1-based) whose text matches, within the first `cols` columns. */
function lineOf(frame: string[], test: RegExp, cols = 200): number {
  const i = frame.findIndex((l) => test.test(l.slice(0, cols)));
  if (i < 0) throw new Error(`no line matches ${String(test)}:\n${frame.join('\n')}`);
  return i + 1;
}

describe('the mouse', () => {
  let session: TuiSession | undefined;
  afterEach(async () => {
    if (session) await closeTui(session);
    session = undefined;
  });

  it('asks for reports, a click on a sidebar row opens it, the wheel moves the selection under the pointer, a click picks a list row; off again on quit', async () => {
    session = await startTui({ size: { cols: 100, rows: 30 } });
    const { app } = session;
    expect(app.output).toContain(MOUSE_ON);
    const frame = app.lastFrame();
    // The sidebar is the left 28 columns: a click on "# random" there opens it.
    // Lines as the frame was written (an empty line may be a cursor move): counted from the body's first line, 3.
    const randomRow = lineOf(frame, /^.{0,6}# random/, 28) - lineOf(frame, /Workspace/, 28) + 3;
    await app.press(press(4, randomRow), 'message #random');
    // The wheel over the sidebar moves its selection three rows a notch (and gives it the keys).
    await app.press(wheel(4, 12, false), /▸◷ Recent/);
    // The Recent list (its title on the body's first line, 3): a click on its third row selects it; the wheel over it moves up.
    await app.press('R', 'Recent (');
    const recent = await app.untilFrame((f) => f.filter((l) => /^.{27}[▸ ](?:\w{3} \d+ \d\d:\d\d|no messages)/.test(l)).length >= 3, { what: 'the Recent rows' });
    const rows = recent.filter((l) => /^.{27}[▸ ](?:\w{3} \d+ \d\d:\d\d|no messages)/.test(l)).map((l) => l.slice(28).trim());
    const third = rows[2] as string;
    await app.press(press(40, 6), `▸${third}`);
    await app.press(wheel(40, 6, false), `▸${rows[0] as string}`);
    // The click gave the main pane the keys: Enter opens the row.
    await app.press('\r', 'general — Company-wide');
    await app.quit();
    expect(app.output.slice(app.output.lastIndexOf(MOUSE_ON))).toContain(MOUSE_OFF);
  });

  it('a click on a message selects it and gives the list the keys (Enter opens its thread); a click on the compose box focuses it', async () => {
    session = await startTui({ size: { cols: 100, rows: 30 } });
    const { app } = session;
    const first = app.lastFrame();
    const toScreen = (frame: string[], line: number) => line - lineOf(frame, /Workspace/, 28) + 3;
    await app.press(press(4, toScreen(first, lineOf(first, /\bgeneral\b/, 28))), 'general — Company-wide');
    // A message's header (author · time) in the main pane, right of the 28-column sidebar.
    const header = /^.{27}[▌│ ]\S.* · (?:\w{3} \d+ )?\d\d:\d\d/;
    const frame = await app.untilFrame((f) => f.filter((l) => header.test(l)).length >= 3, { what: 'three messages' });
    const headers = frame.flatMap((l, i) => (header.test(l) ? [i] : []));
    const [picked, last] = headers.slice(-2) as [number, number];
    expect(frame[last]?.charAt(27)).toBe('▌');
    // A line of its body when it has one (the header otherwise): the click lands on the message, whatever line of it.
    const clicked = Math.min(picked + 1, last - 1);
    const body = (frame.slice(picked + 1, last).find((l) => /^.{27}[▌│ ] {2}\S/.test(l)) ?? '').slice(30).trim();
    await app.press(press(40, toScreen(frame, clicked)), new RegExp(`▌${escape((frame[picked] ?? '').slice(28, 60))}`));
    // Enter opens the thread of the message clicked: it is the thread's root, first in it.
    await app.press('\r', 'Thread in');
    const root = (frame[picked] ?? '').slice(29, 60).trim();
    const thread = await app.untilFrame((f) => f.some((l) => l.includes('Thread in') && !l.includes('loading')) && f.some((l) => l.slice(29).startsWith(root)), { what: `the thread of ${root}` });
    if (body !== '') expect(thread.join('\n')).toContain(body.slice(0, 30));
    expect(thread.find((l) => header.test(l))?.slice(29)).toMatch(new RegExp(`^${escape(root)}`));
    // The compose box: a click there, and typed text goes into it.
    await app.press(press(40, toScreen(thread, lineOf(thread, /reply in thread/))));
    await app.type('hello from the mouse');
  });

  it('mouse = false asks for no reports', async () => {
    session = await startTui({ env: () => ({ XDG_CONFIG_HOME: configWith('mouse = false\n') }) });
    expect(session.app.output).not.toContain('\x1b[?1000h');
  });
});
