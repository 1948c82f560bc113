// A whole-screen key remapped in a temporary tui.toml's [keys] (recent = "e"), in a real
// pseudo-terminal: e opens Recent, R no longer does, and the help overlay names e for it.
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
});
