// While the TUI shows the offline cache's copy the status line says so and how old it is; when the
// service answers again the difference is applied where the person is: the selected channel and
// the selected message stay, though a channel and a message arrived meanwhile.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFixture, type TestEmulator } from '../../support/emulator';
import type { PtyApp } from '../support/pty-app';
import { closeTui, startFromCache, startTui } from '../support/tui-session';

const RANDOM = 'c0000000-0000-4000-8000-000000000006';
const MIKE = 'a0000000-0000-4000-8000-000000000004';

/** The basic workspace with 30 messages in #random; `later` adds what was posted and created while the TUI was away. */
function workspace(later: boolean) {
  const fixture = loadFixture();
  const messages = (fixture.messages ??= []);
  for (let i = 0; i < 30; i++) {
    messages.push({ id: `e0000000-0000-4000-8000-0000000020${String(i).padStart(2, '0')}`, channel_id: RANDOM, author_id: MIKE, body: `random note ${i + 1}`, created_at: `2026-11-21T11:${String(i).padStart(2, '0')}:00.000000Z` });
  }
  if (later) {
    messages.push({ id: 'e0000000-0000-4000-8000-000000002100', channel_id: RANDOM, author_id: MIKE, body: 'posted while away', created_at: '2026-11-21T12:00:00.000000Z' });
    (fixture.channels ??= []).push({ id: 'c0000000-0000-4000-8000-000000000007', name: 'announcements', members: ['a0000000-0000-4000-8000-000000000003'] });
  }
  return fixture;
}

/** The sidebar row with the selection marker and the selected message's lines. */
function selection(frame: string[]): { channel: string | undefined; message: string[] } {
  const channel = frame.find((l) => /^[›▸]/.test(l))?.split('│')[0]?.trim();
  const message = frame.filter((l) => l.includes('│▌')).map((l) => l.slice(l.indexOf('│▌')).trim());
  return { channel, message };
}

describe('the saved copy on screen', () => {
  let emu: TestEmulator | undefined;
  let app: PtyApp | undefined;

  afterEach(async () => {
    await closeTui({ app, emu });
    app = undefined;
    emu = undefined;
  });

  it('is marked with its age until the service answers, and the refresh keeps the selected channel and message', async () => {
    const start = await startFromCache({ fixture: workspace(false), read: (first) => first.press('jj\r', 'random note 30') });
    app = start.app;
    await app.waitFor('saved copy · updated just now');
    await app.waitFor('reconnecting…');
    // The third channel, opened from the cache, scrolled up five messages.
    await app.press('jj\r', 'random note 30');
    await app.press('kkkkk', '▌  random note 25');
    const before = selection(await app.untilFrame((f) => selection(f).message.some((l) => l.includes('random note 25')), { what: 'note 25 selected' }));
    expect(before.channel).toContain('random');

    emu = await start.serviceBack(workspace(true));
    const after = await app.untilFrame((f) => f.some((l) => l.includes('announcements')) && !f.some((l) => l.includes('saved copy')), {
      timeoutMs: 30_000,
      what: 'the live channel list, without the saved-copy note',
    });
    expect(selection(after)).toEqual(before);
  }, 90_000);

  it('keeps the first frame for the next start as the service answers, also when the terminal is closed rather than quit', async () => {
    const session = await startTui({ fixture: workspace(false), ready: ['random'] });
    ({ emu, app } = session);
    const first = session.app;
    const frameFile = (): string | undefined => {
      const root = join(first.home, 'wsc', 'offline');
      for (const folder of readdirSync(root, { withFileTypes: true })) {
        if (folder.isDirectory() && readdirSync(join(root, folder.name)).includes('tui-first-frame.json')) return join(root, folder.name, 'tui-first-frame.json');
      }
      return undefined;
    };
    await first.untilFrame(() => frameFile() !== undefined, { what: 'the saved first frame' });
    const exited = first.exited;
    first.proc.kill('SIGHUP');
    await exited;
    const saved = JSON.parse(readFileSync(frameFile() as string, 'utf8')) as { me: { name: string }; channels: { name: string }[] };
    expect(saved.me.name).toBe('Maria Member');
    expect(saved.channels.map((c) => c.name)).toContain('random');
  }, 60_000);
});
