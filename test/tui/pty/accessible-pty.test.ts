// Accessible mode (WSC_ACCESSIBLE=1, or `accessible = true` in tui.toml) in a real pseudo-terminal:
// `wsc` starts the line mode — no alternate screen, no cursor addressing, no clearing; the room list
// and a room's recent messages as lines in order; a message someone else posts is appended; a typed
// line is posted; `/open` alone lists the rooms numbered and a typed number opens one; /quit exits 0.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { authorLabel, Client } from '../../../shared';
import { ensureBuilt, PtyApp, stripCsi } from '../support/pty-app';
import { closeTui, MARIA, startTui, type TuiSession } from '../support/tui-session';

const ALTERNATE_SCREEN = '\x1b[?1049h';
const CURSOR_ADDRESS = /\x1b\[\d+;\d+H/;
const CLEAR_SCREEN = '\x1b[2J';

function configWith(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'wsc-tui-config-'));
  mkdirSync(join(dir, 'wsc'));
  writeFileSync(join(dir, 'wsc', 'tui.toml'), text);
  return dir;
}

/** The number the room list printed since `since` gives a room: `2. #random`. */
function roomNumber(output: string, label: string): string {
  const found = new RegExp(`^(\\d+)\\. ${label}\\b`, 'm').exec(stripCsi(output).replace(/\r/g, ''));
  if (!found?.[1]) throw new Error(`${label} is not in the room list:\n${output}`);
  return found[1];
}

describe('accessible mode: the line mode', () => {
  let session: TuiSession | undefined;
  afterEach(async () => {
    if (session) await closeTui(session);
    session = undefined;
  });

  it('prints lines in order, appends what arrives, posts what is typed, opens a room by number, /quit exits 0', async () => {
    session = await startTui({ env: () => ({ WSC_ACCESSIBLE: '1', NO_COLOR: '', FORCE_COLOR: '1' }), ready: ['Signed in as Maria Member (@maria)', "Type a room's number"] });
    const { app, emu } = session;
    const maria = new Client({ baseUrl: emu.url, token: MARIA, clientName: 'cli' });
    const mike = new Client({ baseUrl: emu.url, token: 'hpt_mike_rw', clientName: 'cli' });
    try {
      const rooms = await maria.channels();
      const general = rooms.find((c) => c.name === 'general');
      const random = rooms.find((c) => c.name === 'random');
      if (!general || !random) throw new Error('the fixture has #general and #random');

      // The start view's room list answers a typed number.
      let since = app.mark();
      app.proc.write(`${roomNumber(app.output, '#general')}\r`);
      await app.waitFor('Type a message and press Enter to post it in #general', { since });
      const recent = (await maria.messages(general.id, { limit: 20 })).messages;
      const opened = stripCsi(app.output.slice(since)).replace(/\r/g, '');
      const lines = recent.map((m, i) => `${i + 1}. ${authorLabel(m.author)}, `);
      const at = lines.map((line) => opened.indexOf(line));
      expect(at.every((n) => n >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
      expect(opened).toContain(`${recent.length}. ${authorLabel(recent.at(-1)?.author)}, `);
      expect(opened).toMatch(/\(\d+ repl(y|ies)/);

      // Someone else's message is appended as a line.
      since = app.mark();
      await mike.postMessage(general.id, { body: 'appended while the line mode listens' });
      await app.waitFor(new RegExp(`${recent.length + 1}\\. Mike [^,]+, \\d\\d:\\d\\d: appended while the line mode listens`), { since });

      // A typed line is posted to the open room, through the outbox.
      since = app.mark();
      app.proc.write('typed in the line mode\r');
      await app.waitFor(/\d+\. Maria Member[^,]*, \d\d:\d\d: typed in the line mode/, { since });
      const newest = (await maria.messages(general.id, { limit: 5 })).messages.at(-1);
      expect(newest?.body).toBe('typed in the line mode');
      expect(newest?.author.handle).toBe('maria');

      // /thread N opens a message's replies, /reply N answers it from the room, /back returns.
      const withReplies = recent.findIndex((m) => m.reply_count > 0) + 1;
      since = app.mark();
      app.proc.write(`/thread ${withReplies}\r`);
      await app.waitFor(/Opened the thread of .* in #general\. \d+ repl(y follows|ies follow)/, { since });
      await app.waitFor('Type a reply and press Enter', { since });
      since = app.mark();
      app.proc.write('/back\r');
      await app.waitFor('Opened #general', { since });
      since = app.mark();
      app.proc.write(`/reply ${withReplies} answered from the room\r`);
      await app.waitFor(/Sent: reply in #general: "answered from the room"\./, { since });

      // /open alone lists the rooms numbered; the number opens one.
      since = app.mark();
      app.proc.write('/open\r');
      await app.waitFor("Type a room's number", { since });
      expect(stripCsi(app.output.slice(since))).toMatch(/\d+\. #general, open now/);
      const number = roomNumber(app.output.slice(since), '#random');
      since = app.mark();
      app.proc.write(`${number}\r`);
      await app.waitFor('Opened #random', { since });

      // Nothing was ever drawn as a screen.
      expect(app.output).not.toContain(ALTERNATE_SCREEN);
      expect(app.output).not.toMatch(CURSOR_ADDRESS);
      expect(app.output).not.toContain(CLEAR_SCREEN);
      // No colour and no mouse reports either: what is said is the text alone.
      expect(app.output).not.toMatch(/\x1b\[[0-9;]*m/);
      expect(app.output).not.toContain('\x1b[?1000h');

      expect(await app.quitWith('/quit\r')).toBe(0);
      expect(stripCsi(app.output)).toContain('Goodbye.');
    } finally {
      await maria.close();
      await mike.close();
    }
  });

  it('accessible = true in tui.toml starts it too; a mention elsewhere is said as a line, an unread room in words; Ctrl+D quits with 0', async () => {
    session = await startTui({ env: () => ({ XDG_CONFIG_HOME: configWith('accessible = true\n') }), ready: ['Signed in as Maria Member (@maria)', "Type a room's number"] });
    const { app, emu } = session;
    const mike = new Client({ baseUrl: emu.url, token: 'hpt_mike_rw', clientName: 'cli' });
    try {
      const random = (await mike.channels()).find((c) => c.name === 'random');
      if (!random) throw new Error('the fixture has #random');
      // The feed reads the newest mentions first; a mention after that is new.
      await new Promise((r) => setTimeout(r, 500));
      const since = app.mark();
      await mike.postMessage(random.id, { body: '@maria a question for you' });
      await app.waitFor(/Mention: Mike [^,]+ in #random, \d\d:\d\d: @maria a question for you/, { since });
      expect(app.output).not.toContain(ALTERNATE_SCREEN);
      // A room that is not open says its new messages as unread, with how to open it.
      await mike.postMessage(random.id, { body: 'news without a mention' });
      await app.waitFor(/New messages in #random, unread\. \/open \d+ opens it\./, { since });
      // Ctrl+D ends the input in the terminal's line mode: a quit, not a hang-up (129).
      expect(await app.quitWith('\x04')).toBe(0);
    } finally {
      await mike.close();
    }
  });

  it('with no connection set up, asks a numbered question; 2 quits', async () => {
    ensureBuilt();
    const app = new PtyApp([], { WSC_ACCESSIBLE: '1' });
    await app.waitFor('Type a number from 1 to 2 and press Enter.');
    const asked = stripCsi(app.output).replace(/\r/g, '');
    expect(asked).toContain('wsc is not connected to a workspace.');
    expect(asked).toMatch(/^1\. Open the built-in demo workspace/m);
    expect(asked).toMatch(/^2\. Quit, then run `wsc login`/m);
    expect(await app.quitWith('2\r')).toBe(0);
    expect(stripCsi(app.output)).toContain('Run `wsc login` to save a profile');
    expect(app.output).not.toContain(ALTERNATE_SCREEN);
  });

  it('a line typed while the service cannot be reached is queued, said in words', async () => {
    session = await startTui({ env: () => ({ WSC_ACCESSIBLE: '1' }), ready: ['Signed in as Maria Member (@maria)', "Type a room's number"] });
    const { app, emu } = session;
    let since = app.mark();
    app.proc.write('/open general\r');
    await app.waitFor('Type a message and press Enter to post it in #general', { since });
    await emu.stop();
    since = app.mark();
    app.proc.write('written while away\r');
    await app.waitFor(/Queued: post in #general: "written while away" \(the service could not be reached\)\. It is sent when the service can be reached\./, { since });
    expect(await app.quitWith('/quit\r')).toBe(0);
  });
});
