// A message found elsewhere opens where it lives: a top-level search hit, mention or
// pasted link in its channel with the message selected among its neighbours, even when it is older
// than the first page; a reply in its thread. In a real pseudo-terminal against the local service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fixture } from '../../../emulator/fixture';
import { messageUrl } from '../../../shared';
import { loadFixture, type TestEmulator } from '../../support/emulator';
import { PtyApp, stripCsi } from '../support/pty-app';
import { closeTui, startTui } from '../support/tui-session';

const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const WORKSPACE = '11111111-1111-4111-8111-111111111111';
const OLIVIA_ID = 'a0000000-0000-4000-8000-000000000001';
const OLD_HIT = 'e0000000-0000-4000-8000-000000000901';
const REPLY = 'e0000000-0000-4000-8000-000000000003';
const FILLERS = 180;

/** basic.json with an old message ("rollout checklist") under 180 newer ones in #general. */
function longChannel(): Fixture {
  const f = loadFixture('basic');
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 8, 0) + minute * 60_000).toISOString().replace('Z', '000Z');
  (f.messages ??= []).push({ id: OLD_HIT, channel_id: GENERAL, author_id: OLIVIA_ID, body: 'The rollout checklist is ready for review.', created_at: at(0) });
  for (let i = 1; i <= FILLERS; i++) {
    f.messages.push({ id: `e0000000-0000-4000-8000-${String(100000000 + i).padStart(12, '0')}`, channel_id: GENERAL, author_id: OLIVIA_ID, body: `Filler number ${i}.`, created_at: at(i) });
  }
  return f;
}

describe('a message found elsewhere opens where it lives', () => {
  let emu: TestEmulator;
  let app: PtyApp;

  beforeAll(async () => {
    ({ emu, app } = await startTui({ fixture: longChannel(), size: { cols: 110, rows: 30 } }));
  });

  afterAll(() => closeTui({ emu, app }));

  it('a top-level search hit older than the first page opens in its channel, selected among its neighbours', async () => {
    await app.press('/', 'Search messages');
    await app.type('rollout checklist');
    await app.press('\r', '1 hits for “rollout checklist” · Enter opens');
    const since = app.mark();
    await app.press('\r', 'general — Company-wide');
    await app.waitFor('▌  The rollout checklist is ready for review.', { since });
    await app.waitFor('Filler number 1.', { since });
    expect(stripCsi(app.output.slice(since))).not.toContain('Thread in');
    await app.press('\x1b', '1 hits for');
    await app.press('\x1b', 'Pick a channel');
  });

  it('a reply opens in its thread, selected', async () => {
    await app.press('/', 'Search messages');
    await app.type('think');
    await app.press('\r', '1 hits for “think”');
    await app.press('\r', 'Thread in 🏠 #general');
    await app.waitFor('▌  The search fix, I think.');
    await app.press('\x1b', '1 hits for');
    await app.press('\x1b', 'Pick a channel');
  });

  it('a pasted link to a top-level message opens its channel at the message; to a reply, its thread; Esc is no trap', async () => {
    await app.press('/', 'Search messages');
    const top = app.mark();
    await app.press(`${messageUrl(emu.url, WORKSPACE, GENERAL, OLD_HIT)}\r`, '▌  The rollout checklist is ready for review.');
    expect(stripCsi(app.output.slice(top))).not.toContain('Thread in');
    await app.press('/', 'Search messages');
    await app.press(`${messageUrl(emu.url, WORKSPACE, GENERAL, REPLY)}\r`, 'Thread in');
    await app.waitFor('▌  The search fix, I think.');
    await app.press('\x1b', 'general — Company-wide');
    const since = app.mark();
    await app.press('t', /Tasks \(\d+\)/);
    expect(stripCsi(app.output.slice(since))).not.toContain('Thread in');
  });
});
