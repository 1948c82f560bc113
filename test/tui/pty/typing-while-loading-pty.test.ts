// Typing while g loads a long channel: the load gives way to the keys (tui/history/load-pace.ts)
// but still ends, every key is in the draft, and the list shows every message once it has.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestEmulator } from '../../support/emulator';
import { longChannel } from '../support/long-channel';
import { PtyApp } from '../support/pty-app';
import { closeTui, startTui } from '../support/tui-session';

/** Five pages of 200 after the first 50: each one after a pause while keys are typed. */
const FILLERS = 1_050;

describe('typing while every older message loads', () => {
  let emu: TestEmulator;
  let app: PtyApp;

  beforeAll(async () => {
    ({ emu, app } = await startTui({ fixture: longChannel(FILLERS), size: { cols: 110, rows: 30 }, ready: ['Maria Member (@maria) in', '# random'] }));
  });

  afterAll(() => closeTui({ emu, app }));

  it('keeps every key, finishes the load, and shows the first message once it has', async () => {
    await app.press('j', /▸[@• ]*# client-collab/);
    await app.press('j', /▸[@• ]*# random/);
    await app.press('\r', `▌  Filler ${FILLERS - 1} of the long channel`);
    await app.press('g', 'loading every older message');
    await app.press('i', '▌ ▏');
    const typed = 'while the history loads';
    let draft = '';
    for (const ch of typed) {
      draft += ch;
      await app.press(ch, `${draft}▏`);
    }
    await app.waitFor(`loaded ${FILLERS - 50} older messages`, { timeoutMs: 30_000 });
    await app.press('\x1b', /▌ {2}Filler 0 of the long channel/);
    expect(app.lastFrame().join('\n')).toContain(typed);
  });
});
