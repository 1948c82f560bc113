// The compose box as a shell's line editor, in a real pseudo-terminal: the cursor moves (←/→,
// Home/End, Ctrl+A/E, word jumps) and text goes in where it is; a long draft is all reachable on
// screen; Ctrl+G hands the draft to $EDITOR and takes it back; a pasted tab is kept.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { api, readUntil } from '../support/api';
import { PtyApp, ROOT, ensureBuilt } from '../support/pty-app';

const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const MARIA = 'hpt_member_rw';

/** The newest message of #general at the service, once it is `body` (the row on screen shows while the post is still on its way). */
async function newestBody(emu: TestEmulator, body: string): Promise<string | undefined> {
  const newestAt = async () => (await api(emu, MARIA, 'GET', `/channels/${GENERAL}/messages`)).messages as { body: string }[];
  return (await readUntil(newestAt, (messages) => messages.at(-1)?.body === body)).at(-1)?.body;
}

describe('the compose box edits at a cursor', () => {
  let emu: TestEmulator;
  let app: PtyApp;

  beforeAll(async () => {
    ensureBuilt();
    emu = await startEmulator();
    app = new PtyApp([], {
      WSC_URL: emu.url,
      WSC_TOKEN: MARIA,
      EDITOR: `${JSON.stringify(process.execPath)} ${JSON.stringify(join(ROOT, 'test', 'tui', 'support', 'append-editor.mjs'))}`,
    });
    await app.waitFor('general');
    await app.press('\r', 'general — Company-wide');
    await app.press('i', '▌ message');
  });

  afterAll(async () => {
    await app?.press('\x1b', 'press i to write');
    await app?.quit();
    await emu?.stop();
  });

  it('keeps the text typed right after i, before the box has been drawn focused', async () => {
    await app.press('\x1b', 'press i to write');
    app.proc.write('i');
    app.proc.write('typed at once');
    await app.waitFor('typed at once▏');
    await app.press('\x15', '▌ ▏');
  });

  it('moves with Home, End, ←, →, Ctrl+A/E and word jumps, and inserts at the cursor', async () => {
    await app.type('quick fox');
    await app.press('\x1b[H', '▏quick fox');
    await app.type('The');
    await app.press(' ', 'The ▏quick fox');
    await app.press('\x05', 'The quick fox▏');
    await app.press('\x1bb', 'The quick ▏fox');
    await app.type('brown ');
    await app.press('\x01', '▏The quick brown fox');
    await app.press('\x1b[1;5C', 'The▏ quick brown fox');
    await app.press('\x1b[C', 'The ▏quick brown fox');
    await app.press('\x1b[D', 'The▏ quick brown fox');
    await app.press('\x1b[F', 'The quick brown fox▏');
    await app.press('\x7f', 'The quick brown fo▏');
    await app.type('x jumps');
    await app.press('\r', /Maria Member[^\n]*\n[^\n]*The quick brown fox jumps(?!▏)/);
    expect(await newestBody(emu, 'The quick brown fox jumps')).toBe('The quick brown fox jumps');
  });

  it('shows every line of a five-line draft, not only its last two', async () => {
    for (const [i, line] of ['one', 'two', 'three', 'four', 'five'].entries()) {
      if (i > 0) await app.press('\x1b\r');
      await app.type(`line ${line}`);
    }
    const frame = app.lastFrame().join('\n');
    for (const line of ['one', 'two', 'three', 'four', 'five']) expect(frame).toContain(`line ${line}`);
    await app.press('\x15', '▌ ▏');
  });

  it('Ctrl+G edits the draft in $EDITOR and brings it back to send', async () => {
    await app.type('Started here');
    await app.press('\x07', 'A second paragraph, written in the editor.');
    await app.press('\r', /Maria Member[^\n]*\n[^\n]*Started here[^\n]*\n[^\n]*A second paragraph, written in the editor\.(?!▏)/);
    expect(await newestBody(emu, 'Started here\nA second paragraph, written in the editor.')).toBe('Started here\nA second paragraph, written in the editor.');
  });

  it('keeps a pasted tab: the box shows it as space and the message is sent with it', async () => {
    await app.press('a tab\tand', 'a tab   and▏');
    await app.press('\r', /Maria Member[^\n]*\n[^\n]*a tab\s+and(?!▏)/);
    expect(await newestBody(emu, 'a tab\tand')).toBe('a tab\tand');
  });
});
