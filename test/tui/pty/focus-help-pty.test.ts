// Where the focus and the selection go, and what `?` says, in a real pseudo-terminal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestEmulator } from '../../support/emulator';
import { api } from '../support/api';
import { PtyApp } from '../support/pty-app';
import { closeTui, startTui } from '../support/tui-session';

const MARIA = 'hpt_member_rw';
const WORKSPACE = '11111111-1111-4111-8111-111111111111';

/** The screen row holding `text` in the last frame. */
describe('focus, selection and help in a pseudo-terminal', () => {
  let emu: TestEmulator;
  let app: PtyApp;

  beforeAll(async () => {
    ({ emu, app } = await startTui({ ready: ['Maria Member (@maria) in', '# random'] }));
  });

  afterAll(() => closeTui({ emu, app }));

  it('Esc from the first channel opened gives the focus to the sidebar, where j moves', async () => {
    const since = app.mark();
    await app.press('\r', 'general — Company-wide');
    await app.waitFor(' Workspace', { since });
    await app.press('\x1b', '▌Workspace');
    await app.press('j', /▸[@• ]*# client-collab/);
  });

  it('y copies a link to the selected message (OSC 52) that / opens again', async () => {
    await app.press('k', /▸[@• ]*🏠 general/);
    const opened = app.mark();
    await app.press('\r', 'general — Company-wide');
    // y needs a selected message: wait for its body line, not only the header (slow on a busy machine).
    await app.waitFor(/▌ {2}\S/, { since: opened });
    const since = app.mark();
    await app.press('y', 'link copied: http');
    const copied = /\x1b\]52;c;([A-Za-z0-9+/=]+)\x07/.exec(app.output.slice(since));
    expect(copied).not.toBeNull();
    const url = Buffer.from(copied?.[1] ?? '', 'base64').toString('utf8');
    expect(url).toMatch(new RegExp(`^${emu.url}/w/[^/]+/c/c0000000-0000-4000-8000-000000000001/m/[0-9a-f-]{36}$`));
    const resolved = await api(emu, MARIA, 'GET', `/message-link?url=${encodeURIComponent(url)}`);
    expect(JSON.stringify(resolved)).toContain('"message"');
    await app.press('\x1b', '▌Workspace');
  });

  it('the open channel is marked, and the selection stays on its row when a channel is created elsewhere', async () => {
    await app.waitFor(/▸[@• ]*🏠 general/);
    await app.press('\r', /general ◂/);
    // Shift+Tab back to the sidebar; the DM is the last row: a new channel goes in above it.
    await app.press('\x1b[Z', '▌Workspace');
    await app.press('j', /▸[@• ]*# client-collab/);
    await app.press('j', /▸[@• ]*# random/);
    await app.press('j', /▸[@• ]*☺ mike\b/);
    const created = await api(emu, MARIA, 'POST', '/actions/create_channel', { workspaceId: WORKSPACE, name: 'made-elsewhere', requestId: 'focus-pty-1' });
    expect(JSON.stringify(created)).toContain('made-elsewhere');
    await app.waitFor('# made-elsewhere');
    // Judged on one whole frame that holds the new row (a later frame may redraw only a status line).
    const frame = await app.untilFrame((f) => f.some((l) => l.includes('made-elsewhere')) && f.some((l) => /▸[@• ]*☺ mike\b/.test(l)), {
      what: 'the new row with the selection kept',
    });
    expect(frame.find((l) => l.includes('made-elsewhere'))?.split('│')[0]).not.toContain('▸');
    expect(frame.join('\n')).toMatch(/▸[@• ]*☺ mike\b/);
    expect(frame.join('\n')).toMatch(/🏠 general ◂/);
  });

  it('a card moved on the board takes the selection to its new column', async () => {
    await app.press('t', 'Tasks (');
    await app.press('b', 'Tasks board');
    await app.press('l', /▸todo 1/);
    await app.waitFor(/▸T-3 Write/);
    await app.press('s', 'Status of');
    await app.press('3', 'status doing');
    await app.waitFor(/▸doing 3/);
    await app.waitFor(/▸T-3 Write/);
  });

  it('the priority picker numbers are the CLI’s: 0 none, 1 urgent … 4 low', async () => {
    await app.press('p', 'Priority of');
    await app.waitFor(/1 urgent/);
    expect(app.lastFrame().join('\n')).toMatch(/0 none/);
    await app.press('1', 'priority urgent');
  });

  it('? lists the keys of the view it was opened from first', async () => {
    const since = app.mark();
    await app.press('?', 'Keys');
    const tasksHelp = app.lastFrame(since).join('\n');
    expect(tasksHelp.indexOf('Tasks')).toBeGreaterThan(-1);
    expect(tasksHelp.indexOf('Tasks')).toBeLessThan(tasksHelp.indexOf('Everywhere'));
    await app.press('\x1b', 'Tasks board');
    await app.press('d', 'Docs /');
    const docsSince = app.mark();
    await app.press('?', 'Keys');
    const docsHelp = app.lastFrame(docsSince).join('\n');
    expect(docsHelp.indexOf('Docs')).toBeLessThan(docsHelp.indexOf('Everywhere'));
    expect(docsHelp).not.toMatch(/^\s*Tasks\s*$/m);
    await app.press('\x1b', 'Docs /');
  });
});

describe('a terminal too small for the panes', () => {
  let emu: TestEmulator;
  let app: PtyApp;

  beforeAll(async () => {
    ({ emu, app } = await startTui({ size: { cols: 40, rows: 10 }, ready: [] }));
  });

  afterAll(() => closeTui({ emu, app }));

  it('says so with the size it needs, and draws the app once it is larger', async () => {
    await app.waitFor(/too small: 40×10/);
    await app.waitFor('at least 60×14');
    const since = app.mark();
    app.proc.resize(100, 30);
    await app.waitFor('Maria Member (@maria) in', { since });
    await app.waitFor('# random', { since });
  });
});

describe('the focus cue in colour', () => {
  let emu: TestEmulator;
  let app: PtyApp;

  beforeAll(async () => {
    ({ emu, app } = await startTui({ env: () => ({ NO_COLOR: '' }), ready: ['Maria Member (@maria) in', '# random'] }));
  });

  afterAll(() => closeTui({ emu, app }));

  /** The raw bytes of the last complete frame (colour codes kept). */
  const rawLastFrame = () => {
    const end = app.output.lastIndexOf('\x1b[?2026l');
    return app.output.slice(app.output.lastIndexOf('\x1b[?2026h', end), end);
  };
  const CYAN_BORDER = /\x1b\[36m│/;

  async function untilRaw(test: (frame: string) => boolean): Promise<void> {
    for (let i = 0; !test(rawLastFrame()); i++) {
      if (i > 1200) throw new Error(`no such frame; last:\n${JSON.stringify(rawLastFrame().slice(-400))}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('the main pane border turns cyan while it has the keys, and not while the sidebar has them', async () => {
    expect(rawLastFrame()).not.toMatch(CYAN_BORDER);
    await app.press('\r', 'press i to write');
    await untilRaw((f) => CYAN_BORDER.test(f));
    await app.press('\x1b[Z', '▌Workspace');
    await untilRaw((f) => !CYAN_BORDER.test(f) && f.includes('Workspace'));
  });
});
