// The mentions inbox while the service cannot be reached: the rows the offline cache kept from an
// earlier run are shown, not an empty inbox.
import { afterEach, describe, it } from 'vitest';
import type { TestEmulator } from '../../support/emulator';
import type { PtyApp } from '../support/pty-app';
import { closeTui, startFromCache } from '../support/tui-session';

describe('the mentions inbox offline', () => {
  let emu: TestEmulator | undefined;
  let app: PtyApp | undefined;

  afterEach(async () => {
    await closeTui({ app, emu });
    app = undefined;
    emu = undefined;
  });

  it('shows the mentions kept from the last run when started with the service stopped', async () => {
    app = (await startFromCache({ read: (first) => first.press('m', 'can you confirm') })).app;
    await app.waitFor('saved copy · updated');
    await app.press('m', /Mentions \(\d+\) · /);
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
