// The mentions inbox while the service cannot be reached: the rows the offline cache kept from an
// earlier run are shown, not an empty inbox.
import { afterEach, describe, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { PtyApp, ensureBuilt } from '../support/pty-app';
import { MARIA } from '../support/tui-session';

describe('the mentions inbox offline', () => {
  let emu: TestEmulator | undefined;
  let app: PtyApp | undefined;

  afterEach(async () => {
    await app?.quit();
    await emu?.stop();
    app = undefined;
    emu = undefined;
  });

  it('shows the mentions kept from the last run when started with the service stopped', async () => {
    ensureBuilt();
    emu = await startEmulator();
    const port = Number(new URL(emu.url).port);
    const first = new PtyApp([], { WSC_URL: emu.url, WSC_TOKEN: MARIA });
    app = first;
    await first.waitFor('general');
    await first.press('m', 'can you confirm');
    await first.quit();
    await emu.stop();
    emu = undefined;

    const home = first.stateHome;
    app = new PtyApp([], { WSC_URL: `http://127.0.0.1:${port}`, WSC_TOKEN: MARIA, HOME: home, XDG_STATE_HOME: home, XDG_CONFIG_HOME: home });
    await app.waitFor('saved copy · updated');
    await app.press('m', 'Mentions (');
    await app.untilFrame((f) => f.some((l) => l.includes('can you confirm')) && f.some((l) => l.includes('please review the docs')), {
      what: 'the kept mentions in the inbox',
    });
    // Not "live" while the service cannot be reached.
    await app.untilFrame((f) => f.some((l) => l.includes('reconnecting…')) && f.some((l) => l.includes('Mentions (4) · saved copy (offline)')), {
      timeoutMs: 30_000,
      what: 'the inbox marked as the saved copy',
    });
  }, 90_000);
});
