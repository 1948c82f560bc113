// URLs, message links and T-refs in a message body are OSC 8 hyperlinks (the screen's text is the
// same), read back from the frames the built `wsc` writes in a real pseudo-terminal; off by default
// on a terminal not known to support them, and `hyperlinks = "off"` in tui.toml turns them off.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Fixture } from '../../../emulator/fixture';
import { loadFixture } from '../../support/emulator';
import { closeTui, startTui, type TuiSession } from '../support/tui-session';

const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const OLIVIA_ID = 'a0000000-0000-4000-8000-000000000001';
const WORKSPACE = '11111111-1111-4111-8111-111111111111';
const LINKED = 'e0000000-0000-4000-8000-000000000961';
const MESSAGE_LINK = `https://wsc.example/w/${WORKSPACE}/c/${GENERAL}/m/${LINKED}`;
const BODY = `Docs at https://example.com/guide, see T-2 and ${MESSAGE_LINK} but not \`T-3\``;

function withLinks(): Fixture {
  const f = loadFixture('basic');
  (f.messages ??= []).push({ id: LINKED, channel_id: GENERAL, author_id: OLIVIA_ID, body: BODY, created_at: '2026-11-22T08:00:00.000000Z' });
  return f;
}

/** A config folder holding wsc/tui.toml with `text`. */
function configWith(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'wsc-tui-config-'));
  mkdirSync(join(dir, 'wsc'));
  writeFileSync(join(dir, 'wsc', 'tui.toml'), text);
  return dir;
}

const link = (target: string, text: string) => `\x1b]8;;${target}\x07${text}\x1b]8;;\x07`;
/** A line as it reads on screen: OSC 8 links take no cells. */
const unlinked = (line: string) => line.replace(/\x1b\]8;[^;\x07]*;[^\x07]*\x07/g, '');

describe('OSC 8 hyperlinks in message bodies', () => {
  let session: TuiSession | undefined;
  afterEach(async () => {
    if (session) await closeTui(session);
    session = undefined;
  });

  async function openGeneral(config: string | null): Promise<TuiSession> {
    session = await startTui({ fixture: withLinks(), size: { cols: 200, rows: 30 }, env: (): Record<string, string> => (config === null ? {} : { XDG_CONFIG_HOME: configWith(config) }) });
    await session.app.press('\r', 'general — Company-wide');
    await session.app.untilFrame((f) => f.some((l) => unlinked(l).includes('Docs at https://example.com/guide')), { what: 'the message with links' });
    return session;
  }

  it('hyperlinks = "on": a URL links to itself, a T-ref and a message link to the VS Code extension; the text is unchanged', async () => {
    const { app } = await openGeneral('hyperlinks = "on"\n');
    const raw = (await app.untilFirstFrame((r) => r.includes('task=T-2'), { what: 'a frame with the links' })).join('\n');
    expect(raw).toContain(link('https://example.com/guide', 'https://example.com/guide'));
    expect(raw).toContain(link('vscode://wsc-dev.wsc/open?task=T-2', 'T-2'));
    expect(raw).toContain(link(`vscode://wsc-dev.wsc/open?message=${encodeURIComponent(MESSAGE_LINK)}`, MESSAGE_LINK));
    // Inside code a ref is no ref.
    expect(raw).not.toContain('task=T-3');
    const screen = app.lastFrame().map(unlinked).join('\n');
    expect(screen).toContain('Docs at https://example.com/guide, see T-2 and');
    expect(screen).toContain(`${MESSAGE_LINK} but not T-3`);
  });

  it('without the setting, on a terminal not known to support them, and with hyperlinks = "off": no OSC 8 at all', async () => {
    for (const config of [null, 'hyperlinks = "off"\n']) {
      const { app } = await openGeneral(config);
      expect(app.output).not.toContain('\x1b]8;');
      await closeTui(session as TuiSession);
      session = undefined;
    }
  });
});
