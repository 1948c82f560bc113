// After the service was away, the conversation on screen shows what was posted meanwhile: each
// message once, in order, below the ones shown before (the same session, and a start from the cache).
import { afterEach, describe, expect, it } from 'vitest';
import { loadFixture, startEmulator, type TestEmulator } from '../../support/emulator';
import { PtyApp, ensureBuilt } from '../support/pty-app';
import { closeTui, MARIA } from '../support/tui-session';

const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const NEWEST_KEPT = 'Deploy notes are in the handbook.';

async function post(url: string, body: string): Promise<void> {
  const res = await fetch(`${url}/api/v1/channels/${GENERAL}/messages`, {
    method: 'POST',
    headers: { authorization: 'Bearer hpt_owner_all', 'content-type': 'application/json' },
    body: JSON.stringify({ body }),
  });
  expect(res.status).toBe(201);
}

const AWAY = Array.from({ length: 55 }, (_, i) => `away ${String(i + 1).padStart(2, '0')}`);

/** The basic workspace with AWAY posted in #general after its last message (the service comes back holding them all at once). */
function withAway() {
  const fixture = loadFixture();
  AWAY.forEach((body, i) =>
    (fixture.messages ??= []).push({
      id: `e0000000-0000-4000-8000-0000000010${String(i).padStart(2, '0')}`,
      channel_id: GENERAL,
      author_id: 'a0000000-0000-4000-8000-000000000004',
      body,
      created_at: `2026-11-21T10:${String(i).padStart(2, '0')}:00.000000Z`,
    }),
  );
  return fixture;
}

/** The rows of the frame holding `text`, in screen order. */
const rowsWith = (frame: string[], text: string) => frame.flatMap((line, i) => (line.includes(text) ? [i] : []));

describe('catch-up after the service was away', () => {
  let emu: TestEmulator | undefined;
  let app: PtyApp | undefined;

  afterEach(async () => {
    await closeTui({ app, emu });
    app = undefined;
    emu = undefined;
  });

  it('shows the messages posted after a restart once each, in order, below the earlier ones', async () => {
    ensureBuilt();
    emu = await startEmulator();
    const port = Number(new URL(emu.url).port);
    app = new PtyApp([], { WSC_URL: emu.url, WSC_TOKEN: MARIA });
    await app.waitFor('general');
    await app.press('\r', NEWEST_KEPT);
    await emu.stop();
    emu = undefined;
    // The service is noticed gone: what stays on screen is marked as a saved copy.
    await app.waitFor('saved copy · updated', { timeoutMs: 20_000 });

    emu = await startEmulator({ port });
    const url = emu.url;
    for (const n of [1, 2, 3]) await post(url, `while away ${n}`);
    const frame = await app.untilFrame((f) => f.some((l) => l.includes('while away 3')) && !f.some((l) => l.includes('saved copy')), {
      timeoutMs: 30_000,
      what: 'the three messages, live',
    });
    const at = [NEWEST_KEPT, 'while away 1', 'while away 2', 'while away 3'].map((text) => rowsWith(frame, text));
    for (const rows of at) expect(rows).toHaveLength(1);
    const order = at.map((rows) => rows[0] as number);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  }, 90_000);

  it('a start from the cache reads forward from the newest kept message, so a long absence leaves no gap', async () => {
    ensureBuilt();
    emu = await startEmulator();
    const port = Number(new URL(emu.url).port);
    const first = new PtyApp([], { WSC_URL: emu.url, WSC_TOKEN: MARIA });
    app = first;
    await first.waitFor('general');
    await first.press('\r', NEWEST_KEPT);
    await first.quit();
    await emu.stop();
    emu = undefined;

    const home = first.home;
    const size = { cols: 100, rows: 160 };
    app = new PtyApp([], { WSC_URL: `http://127.0.0.1:${port}`, WSC_TOKEN: MARIA }, size, { home });
    await app.waitFor('saved copy · updated just now');
    // The service was tried and is away.
    await app.waitFor('reconnecting…');
    await app.press('\r', NEWEST_KEPT);

    // More than the first page holds: a reader asking for the newest page only would skip the first ones.
    emu = await startEmulator({ port, fixture: withAway() });
    const frame = await app.untilFrame((f) => f.some((l) => l.includes('away 55')) && !f.some((l) => l.includes('saved copy')), {
      timeoutMs: 30_000,
      what: 'the 55 messages, live',
    });
    const texts = [NEWEST_KEPT, ...AWAY];
    const at = texts.map((text) => rowsWith(frame, text));
    expect(at.map((rows) => rows.length)).toEqual(texts.map(() => 1));
    const order = at.map((rows) => rows[0] as number);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  }, 120_000);
});
