// The Recent view: every conversation by last activity, newest first, reached from the sidebar, with
// R, and as the first view with `startView = "recent"` in a temporary tui.toml; Enter opens one.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '../../../shared';
import { closeTui, startTui, type TuiSession } from '../support/tui-session';

function configWith(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'wsc-tui-config-'));
  mkdirSync(join(dir, 'wsc'));
  writeFileSync(join(dir, 'wsc', 'tui.toml'), text);
  return dir;
}

/** The room names of the Recent list's rows, top to bottom, as the frame shows them. */
function recentOrder(frame: string[]): string[] {
  const start = frame.findIndex((l) => l.includes('Recent ('));
  return frame
    .slice(start + 1)
    .map((l) => /(?:\d\d:\d\d|no messages)\s+\S+ (\S.*?)\s*(?:│|$)/.exec(l.split('│').slice(1).join('│'))?.[1])
    .filter((x): x is string => x !== undefined);
}

describe('the Recent view', () => {
  let session: TuiSession | undefined;
  afterEach(async () => {
    if (session) await closeTui(session);
    session = undefined;
  });

  it('R shows conversations newest activity first; a new message moves its room to the top; Enter opens it', async () => {
    session = await startTui({ size: { cols: 120, rows: 30 } });
    const { app, emu } = session;
    const mike = new Client({ baseUrl: emu.url, token: 'hpt_mike_rw', clientName: 'cli' });
    const channels = (await mike.channels()).filter((c) => c.kind !== 'dm');
    const quiet = channels.reduce((a, b) => ((a.last_message_at ?? '') <= (b.last_message_at ?? '') ? a : b));
    await app.press('R', 'Recent (');
    const before = recentOrder(await app.untilFrame((f) => recentOrder(f).length > 1, { what: 'the Recent rows' }));
    expect(before[0]).not.toContain(quiet.name);
    await mike.postMessage(quiet.id, { body: 'the newest activity is here' });
    await mike.close();
    // The channel list is read again on the doorbell's wake: the room moves to the top.
    await app.untilFrame((f) => recentOrder(f)[0]?.includes(quiet.name) === true, { what: `#${quiet.name} first in Recent` });
    await app.press('\r', 'the newest activity is here');
  });

  it('is on the sidebar, and startView = "recent" in tui.toml opens it first', async () => {
    session = await startTui({ env: () => ({ XDG_CONFIG_HOME: configWith('startView = "recent"\n') }), ready: ['Recent (', '◷ Recent'] });
    expect(session.app.lastFrame().join('\n')).toContain('newest activity first');
  });
});
