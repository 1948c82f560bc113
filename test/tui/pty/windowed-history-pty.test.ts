// A channel far longer than the window the terminal UI holds (tui/history/message-window.ts): g reads
// the oldest page directly (after the beginning), G the newest; scrolling past either edge of the
// window reads the next page, so every message shows once, in order, across page edges; and keys
// typed while a page is on its way all reach the draft.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnswerProxy, type AnswerProxy } from '../../support/answer-proxy';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { longChannel, RANDOM } from '../support/long-channel';
import { PtyApp, ensureBuilt } from '../support/pty-app';
import { MARIA } from '../support/tui-session';

/** Twenty times the first page and five times the window: only a small part is ever held. */
const FILLERS = 2_000;
const NEWEST = FILLERS - 1;
/** Scrolled up this far from the newest: across the first page's edge and four older pages'. */
const UP_TO = NEWEST - 480;

/** The filler the selection (▌, or │ while compose has the keys) is on. */
const selectedFiller = (frame: string[]) => Number(/[▌│] {2}Filler (\d+) of/.exec(frame.join('\n'))?.[1] ?? Number.NaN);
const fillersShown = (frame: string[]) => [...frame.join('\n').matchAll(/Filler (\d+) of/g)].map((m) => Number(m[1]));

describe('a windowed history in a pseudo-terminal', () => {
  let emu: TestEmulator;
  let proxy: AnswerProxy;
  let app: PtyApp;
  const pagesOfRandom = () => proxy.requests.filter((r) => r.startsWith(`GET /api/v1/channels/${RANDOM}/messages`));
  /** Resolves once no page of the history's middle (a `before=` or the oldest page) was read for 500 ms. */
  const settledPages = async () => {
    const count = () => pagesOfRandom().filter((r) => /before=|after=1970/.test(decodeURIComponent(r))).length;
    for (let last = -1, since = Date.now(); ; await new Promise((r) => setTimeout(r, 50))) {
      const now = count();
      if (now !== last) [last, since] = [now, Date.now()];
      else if (Date.now() - since >= 500) return;
    }
  };

  beforeAll(async () => {
    ensureBuilt();
    emu = await startEmulator({ fixture: longChannel(FILLERS) });
    proxy = await startAnswerProxy(emu.url);
    app = new PtyApp([], { WSC_URL: proxy.url, WSC_TOKEN: MARIA }, { cols: 110, rows: 30 });
    await app.waitFor('Maria Member (@maria) in');
    await app.waitFor('# random');
    await app.press('j', /▸[@• ]*# client-collab/);
    await app.press('j', /▸[@• ]*# random/);
    await app.press('\r', `▌  Filler ${NEWEST} of the long channel`);
  });

  afterAll(async () => {
    try {
      await app?.quit();
    } finally {
      await proxy?.close();
      await emu?.stop();
    }
  });

  it('g reads the oldest page directly and G the newest, no page between them', async () => {
    // The opening's own reads end first: a service answering the newest page short (the latitude
    // variant) is followed by a fill of it (`limit=1&before=…`), which may come after the frame.
    await settledPages();
    const before = pagesOfRandom().length;
    await app.press('g', '▌  Filler 0 of the long channel');
    // Live polls read after the newest: only pages of the history's middle count here.
    const paged = (from: number) => pagesOfRandom().slice(from).map(decodeURIComponent).filter((r) => r.includes('before=') || r.includes('after=1970-01-01'));
    expect(paged(before)).toEqual([expect.stringContaining('after=1970-01-01')]);
    const newest = pagesOfRandom().length;
    await app.press('G', `▌  Filler ${NEWEST} of the long channel`);
    // A service may answer a page short (the latitude variant does): the client then fills the
    // newest page with `before=` reads of what is missing, never more than one page in all.
    const asked = paged(newest).map((r) => Number(/[?&]limit=(\d+)/.exec(r)?.[1] ?? Number.NaN));
    expect(asked.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(100);
    if (process.env.WSC_TEST_VARIANT !== 'latitude') expect(asked).toEqual([]);
    expect(pagesOfRandom().slice(newest).map(decodeURIComponent)).toContainEqual(expect.not.stringMatching(/before=|after=/));
  });

  it('scrolling up from the newest and back down shows every message once, in order, across page edges', async () => {
    const seen = new Set<number>(fillersShown(app.lastFrame()));
    const walk = async (key: string, further: (next: number, from: number) => boolean, until: (n: number) => boolean) => {
      let selected = selectedFiller(app.lastFrame());
      const pagesBefore = pagesOfRandom().length;
      for (let i = 0; i < 400 && !until(selected); i++) {
        const since = app.mark();
        app.proc.write(key);
        const frame = await app.untilFrame((f) => further(selectedFiller(f), selected), { since, what: `the selection moved on from filler ${selected}` }).catch((error: unknown) => {
          // Which pages the walk asked for, so a stall at a page's edge explains itself.
          const asked = pagesOfRandom().slice(pagesBefore).map(decodeURIComponent);
          throw new Error(`${error instanceof Error ? error.message : String(error)}\n${asked.length} page request(s) of #random during this walk (${i} key(s) in), the last 12:\n${asked.slice(-12).join('\n')}`);
        });
        selected = selectedFiller(frame);
        const shown = fillersShown(frame);
        // Each frame shows consecutive fillers: none missing, none twice.
        shown.forEach((n, j) => j > 0 && expect(n).toBe((shown[j - 1] as number) + 1));
        for (const n of shown) seen.add(n);
      }
      return selected;
    };
    expect(await walk('\x1b[5~', (next, from) => next < from, (n) => n <= UP_TO)).toBeLessThanOrEqual(UP_TO);
    for (let n = UP_TO + 5; n <= NEWEST; n++) expect(seen.has(n), `filler ${n} shown`).toBe(true);
    seen.clear();
    for (const n of fillersShown(app.lastFrame())) seen.add(n);
    // Back down: the window dropped the newest pages on the way up, so they are read again.
    expect(await walk('\x1b[6~', (next, from) => next > from, (n) => n >= NEWEST)).toBe(NEWEST);
    for (let n = UP_TO + 5; n <= NEWEST; n++) expect(seen.has(n), `filler ${n} shown on the way down`).toBe(true);
  });

  it('keeps every key typed while a page is on its way', async () => {
    await emu.control.faults({ delayMs: 1_500, pathPattern: '*/messages' });
    try {
      await app.press('g', 'loading…');
      await app.press('i', '▌ ▏');
      const typed = 'typed while it loads';
      let draft = '';
      for (const ch of typed) {
        draft += ch;
        await app.press(ch, `${draft}▏`);
      }
      await app.waitFor('│  Filler 0 of the long channel', { timeoutMs: 30_000 });
      expect(app.lastFrame().join('\n')).toContain(`${typed}▏`);
    } finally {
      await emu.control.faults({});
    }
  });
});
