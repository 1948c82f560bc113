// A long channel in a real pseudo-terminal: the newest page first, older pages on demand (↑ at the
// top), the oldest page with g, each message once, and live messages after them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestEmulator } from '../../support/emulator';
import { api } from '../support/api';
import { longChannel, MIKE_TOKEN, RANDOM } from '../support/long-channel';
import { PtyApp } from '../support/pty-app';
import { closeTui, startTui } from '../support/tui-session';

const FILLERS = 260;

describe('a long channel in a pseudo-terminal', () => {
  let emu: TestEmulator;
  let app: PtyApp;

  beforeAll(async () => {
    ({ emu, app } = await startTui({ fixture: longChannel(FILLERS), size: { cols: 110, rows: 30 }, ready: ['Maria Member (@maria) in', '# random'] }));
  });

  afterAll(() => closeTui({ emu, app }));

  it('opens on the newest page; ↑ at its top loads the page before it', async () => {
    // Sidebar: general (selected at start), client-collab, random.
    await app.press('j', /▸[@• ]*# client-collab/);
    await app.press('j', /▸[@• ]*# random/);
    await app.press('\r', '▌  Filler 259 of the long channel');
    await app.waitFor('↑ for older');
    // The first page holds the newest 50 (210..259): PgUp to its top, then ↑ loads 100 more.
    for (let i = 0; i < 10; i++) await app.press('\x1b[5~');
    await app.waitFor('▌  Filler 210 of the long channel');
    await app.press('\x1b[A', '▌  Filler 209 of the long channel');
  });

  it('g goes to the first message; live messages follow the newest', async () => {
    await app.press('g', '▌  Filler 0 of the long channel');
    // Every header on the first screen has its body under it (the window must not cut the last
    // message below the selection to its header and then go on with the next one).
    const frame = app.lastFrame();
    const headers = frame.map((l, i) => [l, i] as const).filter(([l]) => /Mike\b.* · /.test(l));
    expect(headers.length).toBeGreaterThan(3);
    for (const [, i] of headers.slice(0, -1)) expect(frame[i + 1]).toMatch(/Filler \d+ of the long channel/);
    const since = app.mark();
    await api(emu, MIKE_TOKEN, 'POST', `/channels/${RANDOM}/messages`, { body: 'A live one after the fillers' });
    await app.press('G', 'A live one after the fillers');
    await app.waitFor('▌  A live one after the fillers', { since });
    // Every filler once, in order: walk up from the newest; each screen shows consecutive numbers.
    const seen = new Set<number>();
    // Each page up moves the selection (▌) to an older filler: wait for that frame, not for any filler.
    const selectedFiller = (frame: string[]) => Number(/▌ {2}Filler (\d+) of/.exec(frame.join('\n'))?.[1] ?? Infinity);
    let selected = selectedFiller(app.lastFrame());
    for (let i = 0; i < 70 && !seen.has(0); i++) {
      const paged = app.mark();
      app.proc.write('\x1b[5~');
      const frame = await app.untilFrame((f) => selectedFiller(f) < selected, { since: paged, what: `the selection a page above filler ${selected}` });
      selected = selectedFiller(frame);
      const shown = [...frame.join('\n').matchAll(/Filler (\d+) of/g)].map((m) => Number(m[1]));
      shown.forEach((n, j) => j > 0 && expect(n).toBe((shown[j - 1] as number) + 1));
      for (const n of shown) seen.add(n);
    }
    expect(seen.size).toBe(FILLERS);
  });
});
