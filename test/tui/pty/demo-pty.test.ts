// `wsc` with no connection (no WSC_URL/WSC_TOKEN, empty XDG dirs) and `wsc --demo`, in a real
// pseudo-terminal: the built-in demo is offered, or opened straight away.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PtyApp, ensureBuilt } from '../support/pty-app';

const DEMO_HEADER = /Alice Chen \(@alice\) in Lumen Labs · built-in demo \(local service at http:\/\/127\.0\.0\.1:\d+\)/;

describe('wsc without a connection, and wsc --demo', () => {
  let app: PtyApp | undefined;

  beforeAll(() => ensureBuilt());

  afterEach(async () => {
    await app?.quit();
    app = undefined;
  });

  it('says it is not connected and offers the demo; d opens it', async () => {
    app = new PtyApp([], {});
    await app.waitFor('wsc is not connected to a workspace.');
    await app.waitFor('Neither WSC_URL/WSC_TOKEN nor a saved profile was found.');
    await app.waitFor('open the built-in demo workspace');
    await app.waitFor('run `wsc login`');
    await app.press('d', DEMO_HEADER);
    // The demo workspace's rooms arrive and the app answers keys.
    await app.waitFor('general');
    await app.press('t', 'Tasks (');
    expect(await app.quit()).toBe(0);
  });

  it('q at the offer quits and says how to connect', async () => {
    app = new PtyApp([], {});
    await app.waitFor('wsc is not connected to a workspace.');
    await app.press('q');
    expect(await app.exited).toBe(0);
    await app.waitFor('Run `wsc login` to save a profile, or set WSC_URL and WSC_TOKEN; `wsc --demo` opens the demo.');
  });

  it('names WSC_URL when it is set without a token', async () => {
    app = new PtyApp([], { WSC_URL: 'http://127.0.0.1:9' });
    await app.waitFor('WSC_URL is http://127.0.0.1:9, but no token is set for it.');
    await app.press('q');
    expect(await app.exited).toBe(0);
  });

  it('--demo opens straight on the demo workspace', async () => {
    app = new PtyApp(['--demo'], {});
    await app.waitFor(DEMO_HEADER);
    await app.waitFor('general');
    expect(app.output).not.toContain('not connected');
    await app.press('m', /Mentions \(\d+\) · /);
    expect(await app.quit()).toBe(0);
  });
});
