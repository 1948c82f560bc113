// Ctrl+C quits also when it reaches the UI in one read with an Esc typed just before it (a busy
// moment, or a fast hand closing an overlay and quitting): the terminal gets "\x1b\x03".
import { afterEach, expect, it } from 'vitest';
import type { TestEmulator } from '../../support/emulator';
import type { PtyApp } from '../support/pty-app';
import { closeTui, startTui } from '../support/tui-session';

let emu: TestEmulator | undefined;
let app: PtyApp | undefined;

afterEach(async () => {
  await closeTui({ app, emu });
  app = undefined;
  emu = undefined;
});

it('Esc and Ctrl+C read together close the overlay and quit', async () => {
  ({ emu, app } = await startTui({ ready: ['Maria Member (@maria) in'] }));
  await app.press('?', 'Esc closes');
  app.proc.write('\x1b\x03');
  const code = await Promise.race([app.exited, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 10_000))]);
  expect(code).toBe(0);
});
