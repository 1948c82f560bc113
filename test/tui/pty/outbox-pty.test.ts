// A message written while the service is away shows at once as pending and arrives once when it is
// back; one the service refuses shows its message with e/r/D, and D drops it. In a real
// pseudo-terminal against the local service, stopped and restarted on the same port.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture, startEmulator, type TestEmulator } from '../../support/emulator';
import { PtyApp, ensureBuilt } from '../support/pty-app';

const MARIA = 'hpt_member_rw';
// Kept across the restarts, as a real service keeps its messages.
const dataFile = join(mkdtempSync(join(tmpdir(), 'wsc-outbox-pty-')), 'service.sqlite');

async function bodiesAt(emu: TestEmulator, text: string): Promise<string[]> {
  const { tables } = await emu.control.state();
  return (tables.messages ?? []).map((m) => String(m.body)).filter((b) => b === text);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the outbox in the terminal UI', () => {
  let emu: TestEmulator;
  let app: PtyApp;

  beforeAll(async () => {
    ensureBuilt();
    emu = await startEmulator({ dataFile });
    app = new PtyApp([], { WSC_URL: emu.url, WSC_TOKEN: MARIA }, { cols: 110, rows: 30 });
    await app.waitFor('Maria Member (@maria) in');
    await app.waitFor('general');
  });

  afterAll(async () => {
    await app?.quit();
    await emu?.stop();
  });

  it('shows a message written while the service is away as pending at once, and sends it once when it is back', async () => {
    await app.press('\r', 'general — Company-wide');
    const port = Number(new URL(emu.url).port);
    await emu.stop();
    await app.press('i', '▌ message');
    await app.type('written while away');
    await app.press('\r', '⋯ pending · D drop · Maria Member: written while away');

    emu = await startEmulator({ port, dataFile });
    await waitFor(async () => (await bodiesAt(emu, 'written while away')).length > 0, 20_000);
    await app.waitFor(/Maria Member \(via wsc\)[^]*written while away/);
    // Once the outbox is empty on screen nothing more can go: the message is shown once, and sent once.
    await app.untilFrame((f) => !f.some((l) => l.includes('⋯ pending')) && f.filter((l) => l.includes('written while away')).length === 1, { what: 'the message shown once, nothing pending' });
    expect(await bodiesAt(emu, 'written while away')).toHaveLength(1);
    await app.press('\x1b', 'press i to write');
  });

  it('queues an edit made while the service is away, shows it edited, and saves it when it is back', async () => {
    const port = Number(new URL(emu.url).port);
    await emu.stop();
    await app.press('i', '▌ message');
    await app.press('\x1b[A', 'editing your message');
    await app.type(', edited');
    await app.press('\r', 'edit queued · sent when the service is back');
    await app.waitFor('written while away, edited');
    emu = await startEmulator({ port, dataFile });
    await waitFor(async () => (await bodiesAt(emu, 'written while away, edited')).length === 1, 20_000);
    expect(await bodiesAt(emu, 'written while away')).toEqual([]);
    await app.press('\x1b', 'press i to write');
  });

  it('keeps a message the service refuses with its message and e/r/D; D drops it', async () => {
    const readOnly = loadFixture();
    readOnly.tokens = readOnly.tokens.map((t) => (t.token === MARIA ? { ...t, scopes: ['workspace:read'] } : t));
    await emu.control.reset(readOnly);
    await app.press('i', '▌ message');
    await app.type('refused in the tui');
    await app.press('\r', '✗ not sent · e edit · r retry · D drop · Maria Member: refused in the tui');
    await app.waitFor('This token lacks the workspace:write scope needed to make changes.');
    await app.press('\x1b', 'press i to write');
    const since = app.mark();
    await app.press('D');
    await app.untilFrame((f) => f.some((l) => l.includes('dropped from the outbox')) && !f.some((l) => l.includes('refused in the tui')), { since, what: 'the entry dropped and gone from the screen' });
    // It stays gone: the frames after the drop (the compose box opened and closed) never show it.
    const dropped = app.mark();
    await app.press('i', '▌ message');
    await app.press('\x1b', 'press i to write');
    expect(app.output.slice(dropped)).not.toContain('refused in the tui');
    expect(await bodiesAt(emu, 'refused in the tui')).toEqual([]);
  });

  it('keeps a task change made while the service is away as pending and sends it when it is back', async () => {
    await emu.control.reset(loadFixture());
    await app.press('t', 'Tasks (');
    await app.press('f', 'Filter tasks');
    await app.type('deploy');
    await app.press('\r', /Tasks \(1\)/);
    const port = Number(new URL(emu.url).port);
    await emu.stop();
    await app.press('s', 'Status of');
    await app.press('5', 'T-3: status done · pending');
    emu = await startEmulator({ port, dataFile });
    await waitFor(async () => {
      const { tables } = await emu.control.state();
      return (tables.tasks ?? []).some((t) => t.title === 'Write deploy docs' && t.status === 'done');
    }, 20_000);
  });
});
