// With NO_COLOR at 80×24 every state still reads as a symbol or word: task priority as a mark,
// the status before the title (a narrow pane cuts the title, not the status), a DM row that is not
// "@•@", and a legend of the symbols in `?` help.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestEmulator } from '../../support/emulator';
import { PtyApp } from '../support/pty-app';
import { closeTui, startTui } from '../support/tui-session';


describe('NO_COLOR symbols in a pseudo-terminal (80×24)', () => {
  let emu: TestEmulator;
  let app: PtyApp;

  beforeAll(async () => {
    ({ emu, app } = await startTui({ size: { cols: 80, rows: 24 }, env: () => ({ NO_COLOR: '1' }), ready: ['Maria Member (@maria) in'] }));
  });

  afterAll(() => closeTui({ emu, app }));

  it('a DM row shows its own icon, not a second @', async () => {
    await app.waitFor(/☺ mike\b/);
    expect(app.lastFrame().join('\n')).not.toMatch(/@•?@/);
  });

  it('the task list puts the status first and the priority mark before the ref', async () => {
    const since = app.mark();
    await app.press('t', 'Tasks (');
    await app.waitFor(/◑ in_review !! T-\d+ Fix search/, { since });
    await app.waitFor(/◐ doing {5}! {2}T-\d+ Search revamp/, { since });
    // Rows are cut at the pane's edge: whatever is cut, the status survives.
    const rows = app.lastFrame().filter((l) => /T-\d+/.test(l));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/[·○◐◑●✕] (backlog|todo|doing|in_review|done|canceled)\b/);
  });

  it('the board shows the priority mark on its cards', async () => {
    const since = app.mark();
    await app.press('b', /▸backlog/);
    await app.waitFor(/!! T-\d+/, { since });
    await app.waitFor(/! T-\d+/, { since });
    await app.press('b', /in_review !!/);
  });

  it('? help ends with a legend of the symbols', async () => {
    await app.press('?', 'Esc closes');
    // Page down (Space) until the last page: its header reads "a-N of N".
    const shown: string[] = [];
    for (let page = 0; page < 20; page++) {
      const frame = app.lastFrame();
      shown.push(...frame);
      const range = /(\d+)-(\d+) of (\d+)\)/.exec(frame.join('\n'));
      if (!range || range[2] === range[3]) break;
      await app.press(' ', new RegExp(`(?<!\\d)(?!${range[1]}-${range[2]} )\\d+-\\d+ of ${range[3]}\\)`));
    }
    const text = shown.join('\n');
    expect(text).toContain('Symbols');
    for (const line of ['unread', 'mentions you', 'direct message', 'the room open in the main pane', 'the focused pane', 'the selected board column', 'a new mention', 'task priority urgent / high', '⇄PR']) expect(text).toContain(line);
    // Help closed before the file ends, so what the file's close sees is the app's own frame.
    const closing = app.mark();
    await app.press('\x1b');
    await app.untilFirstFrame((raw) => !raw.includes('Esc closes') && !raw.includes('the task has a pull request'), { since: closing, what: 'help closed' });
  });
});
