// SIGTERM (`kill`) and SIGHUP (the terminal closed) end the UI as a quit does: the terminal is
// restored, the draft typed is kept, and the process exits 128 + the signal's number.
import { afterEach, expect, it } from 'vitest';
import type { TestEmulator } from '../../support/emulator';
import { PtyApp, QUIT_LIMIT_MS } from '../support/pty-app';
import { MARIA, closeTui, startFromCache, startTui } from '../support/tui-session';

const LEAVE_ALT_SCREEN = '\x1b[?1049l';
const SHOW_CURSOR = '\x1b[?25h';

let emu: TestEmulator | undefined;
let app: PtyApp | undefined;

afterEach(async () => {
  await closeTui({ app, emu });
  app = undefined;
  emu = undefined;
});

/** The exit code once the process has ended, or 'still running' after QUIT_LIMIT_MS. */
async function exitOf(pty: PtyApp): Promise<number | 'still running'> {
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<'still running'>((resolve) => (timer = setTimeout(() => resolve('still running'), QUIT_LIMIT_MS)));
  const code = await Promise.race([pty.exited, stuck]);
  clearTimeout(timer);
  return code;
}

/** Asserts the output ends with leaving the alternate screen: after it, only the cursor is shown again. */
function expectRestored(output: string): void {
  const left = output.lastIndexOf(LEAVE_ALT_SCREEN);
  expect(left, 'the alternate screen is left').toBeGreaterThanOrEqual(0);
  expect(output.slice(left + LEAVE_ALT_SCREEN.length)).toMatch(new RegExp(`^(${SHOW_CURSOR.replace(/[[?]/g, '\\$&')})+$`));
}

/** Opens #general and focuses its compose box. */
async function compose(pty: PtyApp): Promise<void> {
  await pty.press('\r', 'general — Company-wide');
  await pty.press('i', '▌ message');
}

it('SIGTERM restores the terminal, keeps the draft typed and exits 143', async () => {
  ({ emu, app } = await startTui());
  await compose(app);
  await app.type('typed right before the kill');
  const since = app.mark();
  app.proc.kill('SIGTERM');

  expect(await exitOf(app)).toBe(143);
  expectRestored(app.output.slice(since));

  const home = app.home;
  app = new PtyApp([], { WSC_URL: emu.url, WSC_TOKEN: MARIA }, undefined, { home });
  await app.waitFor('general');
  await compose(app);
  await app.waitFor('typed right before the kill▏');
});

it('a closed terminal (SIGHUP, then its input ends and writes fail) ends the UI with 129, keeping the draft', async () => {
  ({ emu, app } = await startTui());
  await compose(app);
  await app.type('typed as the window closed');
  app.hangUp();

  expect(await exitOf(app)).toBe(129);

  const home = app.home;
  app = new PtyApp([], { WSC_URL: emu.url, WSC_TOKEN: MARIA }, undefined, { home });
  await app.waitFor('general');
  await compose(app);
  await app.waitFor('typed as the window closed▏');
});

it('SIGHUP on a terminal still open restores it and exits 129', async () => {
  ({ emu, app } = await startTui());
  const since = app.mark();
  app.proc.kill('SIGHUP');

  expect(await exitOf(app)).toBe(129);
  expect(app.output.slice(since)).toContain(LEAVE_ALT_SCREEN + SHOW_CURSOR);
});

it('SIGTERM as the saved first frame shows (the UI may not have loaded yet) restores the terminal and exits 143', async () => {
  const start = await startFromCache({ read: (first) => first.press('\r', 'general — Company-wide') });
  app = start.app;
  await app.waitFor('Maria Member (@maria) in');
  app.proc.kill('SIGTERM');

  expect(await exitOf(app)).toBe(143);
  expectRestored(app.output);
});
