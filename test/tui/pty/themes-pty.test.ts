// Themes from a temporary tui.toml, in a real pseudo-terminal with colour on: the focused pane's
// border is drawn in the theme's colour (read back from the frame's SGR). Accessible mode starts the
// line mode instead of this screen: accessible-pty.test.ts.
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

/** SGR foregrounds of the main pane's border: Ink colours each border cell. */
const BORDER = (sgr: number) => `\x1b[${sgr}m│`;

describe('themes', () => {
  let session: TuiSession | undefined;
  afterEach(async () => {
    if (session) await closeTui(session);
    session = undefined;
  });

  async function openGeneral(config: string): Promise<TuiSession> {
    session = await startTui({ env: () => ({ NO_COLOR: '', COLORTERM: 'truecolor', FORCE_COLOR: '1', XDG_CONFIG_HOME: configWith(config) }) });
    await session.app.press('\r', 'general — Company-wide');
    return session;
  }

  for (const [theme, sgr, not] of [
    ['dark', 36, 93],
    ['light', 34, 36],
    ['high-contrast', 93, 36],
  ] as const) {
    it(`theme = "${theme}": the focused pane's border in its colour`, async () => {
      const { app } = await openGeneral(`theme = "${theme}"\n`);
      const frame = await app.untilFirstFrame((raw) => raw.includes(BORDER(sgr)), { what: `a border in SGR ${sgr}` });
      expect(frame.length).toBeGreaterThan(0);
      expect(app.frames().at(-1)).not.toContain(BORDER(not));
    });
  }
});
