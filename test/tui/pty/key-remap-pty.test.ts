// Keys remapped in a temporary tui.toml's [keys], in a real pseudo-terminal: a whole-screen key
// (recent = "e": e opens Recent, R no longer does) and a view's (inbox.cycle-filter = "v"), and
// the help overlay names the new key for each.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeTui, startTui, type TuiSession } from '../support/tui-session';

function configWith(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'wsc-tui-config-'));
  mkdirSync(join(dir, 'wsc'));
  writeFileSync(join(dir, 'wsc', 'tui.toml'), text);
  return dir;
}

describe('keys remapped in tui.toml', () => {
  let session: TuiSession | undefined;
  afterEach(async () => {
    if (session) await closeTui(session);
    session = undefined;
  });

  it('recent = "e": e opens Recent, R does nothing, and ? shows e for it', async () => {
    session = await startTui({ size: { cols: 120, rows: 40 }, env: () => ({ XDG_CONFIG_HOME: configWith('[keys]\nrecent = "e"\n') }) });
    const { app } = session;
    const since = app.mark();
    // R, then ? in the same order: had R opened Recent, a frame before the help would show it.
    await app.press('R?', 'Keys');
    expect(app.frames(since).some((f) => f.includes('Recent ('))).toBe(false);
    const help = app.lastFrame(since).join('\n');
    expect(help).toMatch(/\be +recent: every conversation/);
    expect(help).not.toMatch(/\bR +recent: every conversation/);
    const closing = app.mark();
    await app.press('\x1b');
    // A whole frame (its header line) without the help: a frame that only redraws part of the screen proves nothing.
    await app.untilFrame((f) => f.join('\n').includes('Maria Member (@maria)') && !f.join('\n').includes('Esc closes'), { since: closing, what: 'the help closed' });
    await app.press('e', 'Recent (');
  });

  it('inbox.cycle-filter = "v": in the Inbox v cycles the source filter, f does nothing, and ? shows v for it', async () => {
    session = await startTui({ size: { cols: 120, rows: 40 }, env: () => ({ XDG_CONFIG_HOME: configWith('[keys]\ninbox.cycle-filter = "v"\n') }) });
    const { app } = session;
    await app.press('i', 'Inbox · all');
    const since = app.mark();
    // f, then ? in the same order: had f cycled the filter, a frame before the help would show it.
    await app.press('f?', 'Keys · inbox first');
    expect(app.frames(since).some((f) => f.includes('Inbox · Mentions'))).toBe(false);
    const help = app.lastFrame(since).join('\n');
    expect(help).toMatch(/\bv +filter by source: all, then each source/);
    expect(help).not.toMatch(/\bf +filter by source/);
    const closing = app.mark();
    await app.press('\x1b');
    await app.untilFrame((f) => f.join('\n').includes('Maria Member (@maria)') && f.join('\n').includes('Inbox · all') && !f.join('\n').includes('Esc closes'), { since: closing, what: 'the help closed' });
    await app.press('v', 'Inbox · Mentions');
  });
});
