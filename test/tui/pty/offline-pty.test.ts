// The TUI starts from the offline cache: a second start with the service stopped shows the channels
// and the messages it read before.
import { afterEach, describe, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { PtyApp, ensureBuilt } from '../support/pty-app';

const MARIA = 'hpt_member_rw';

describe('wsc starting offline', () => {
  let emu: TestEmulator | undefined;
  let app: PtyApp | undefined;

  afterEach(async () => {
    await app?.quit();
    await emu?.stop();
    app = undefined;
    emu = undefined;
  });

  it('shows cached channels and messages when the service is stopped, then catches up when it is back', async () => {
    ensureBuilt();
    emu = await startEmulator();
    const port = Number(new URL(emu.url).port);
    const first = new PtyApp([], { WSC_URL: emu.url, WSC_TOKEN: MARIA });
    app = first;
    await first.waitFor('general');
    await first.press('\r', 'Welcome to #general, everyone.');
    await first.quit();
    const home = first.stateHome;
    await emu.stop();
    emu = undefined;

    app = new PtyApp([], { WSC_URL: `http://127.0.0.1:${port}`, WSC_TOKEN: MARIA, HOME: home, XDG_STATE_HOME: home, XDG_CONFIG_HOME: home });
    await app.waitFor('Maria Member (@maria) in');
    await app.waitFor('general');
    await app.press('\r', 'Welcome to #general, everyone.');

    emu = await startEmulator({ port });
    await fetch(`${emu.url}/api/v1/channels/c0000000-0000-4000-8000-000000000001/messages`, {
      method: 'POST',
      headers: { authorization: 'Bearer hpt_owner_all', 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'posted while you were away' }),
    });
    await app.waitFor('posted while you were away', { timeoutMs: 30_000 });
  }, 90_000);
});
