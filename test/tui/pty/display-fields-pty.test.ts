// The terminal UI says on its status line when a service left a display field out of a whole
// answer (here every message's `author` is renamed), instead of only showing "unknown author".
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { startHostileProxy, type HostileProxy } from '../../support/hostile-proxy';
import { PtyApp, ensureBuilt } from '../support/pty-app';

const MARIA = 'hpt_member_rw';

function renameAuthor(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(renameAuthor);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k === 'author' ? 'writer' : k, renameAuthor(v)]));
}

describe('the terminal UI names a display field a service left out', () => {
  let emu: TestEmulator;
  let proxy: HostileProxy;
  let app: PtyApp;

  beforeAll(async () => {
    ensureBuilt();
    emu = await startEmulator();
    proxy = await startHostileProxy(emu.url, (path, body) => (path.endsWith('/messages') ? renameAuthor(body) : body));
    app = new PtyApp([], { WSC_URL: proxy.url, WSC_TOKEN: MARIA }, { cols: 240, rows: 30 });
    await app.waitFor('Maria Member (@maria) in');
    await app.waitFor('general');
  });

  afterAll(async () => {
    await app?.quit();
    await proxy?.stop();
    await emu?.stop();
  });

  it('opening a channel whose messages have no author says so on the status line, naming the field and wsc doctor', async () => {
    await app.press('\r', 'general — Company-wide');
    await app.waitFor('unknown author');
    await app.waitFor(/has no "messages\[\]\.author" field.*wsc doctor/);
  });
});
