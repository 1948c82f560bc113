// The TUI starts from the offline cache: a second start with the service stopped shows the channels
// and the messages it read before.
import { afterEach, describe, it } from 'vitest';
import type { TestEmulator } from '../../support/emulator';
import type { PtyApp } from '../support/pty-app';
import { closeTui, startFromCache } from '../support/tui-session';

describe('wsc starting offline', () => {
  let emu: TestEmulator | undefined;
  let app: PtyApp | undefined;

  afterEach(async () => {
    await closeTui({ app, emu });
    app = undefined;
    emu = undefined;
  });

  it('shows cached channels and messages when the service is stopped, then catches up when it is back', async () => {
    const start = await startFromCache({ read: (first) => first.press('\r', 'Welcome to #general, everyone.') });
    app = start.app;
    await app.waitFor('Maria Member (@maria) in');
    await app.waitFor('general');
    await app.press('\r', 'Welcome to #general, everyone.');

    emu = await start.serviceBack();
    await fetch(`${emu.url}/api/v1/channels/c0000000-0000-4000-8000-000000000001/messages`, {
      method: 'POST',
      headers: { authorization: 'Bearer hpt_owner_all', 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'posted while you were away' }),
    });
    await app.waitFor('posted while you were away', { timeoutMs: 30_000 });
  }, 90_000);
});
