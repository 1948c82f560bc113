// The task a selected message names shows as a card under the message list (title, status,
// priority, assignee by name); T opens it in the task pane. In a real pseudo-terminal against the
// local service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fixture } from '../../../emulator/fixture';
import { loadFixture, type TestEmulator } from '../../support/emulator';
import { PtyApp } from '../support/pty-app';
import { storedTask } from '../support/api';
import { shortTime } from '../../../tui/format';
import { closeTui, startTui } from '../support/tui-session';

const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const OLIVIA_ID = 'a0000000-0000-4000-8000-000000000001';

/** basic.json with three newest messages in #general: an unknown ref, T-2, and T-2 only inside code. */
function withRefs(): Fixture {
  const f = loadFixture('basic');
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 8, minute)).toISOString().replace('Z', '000Z');
  const bodies = ['Ping about T-999 please.', 'Who owns T-2? It blocks the release.', 'Only code here: `T-2` and https://x.dev/T-2'];
  bodies.forEach((body, i) => {
    (f.messages ??= []).push({ id: `e0000000-0000-4000-8000-00000000095${i}`, channel_id: GENERAL, author_id: OLIVIA_ID, body, created_at: at(i) });
  });
  return f;
}

describe('the task card of a selected message', () => {
  let emu: TestEmulator;
  let app: PtyApp;

  beforeAll(async () => {
    ({ emu, app } = await startTui({ fixture: withRefs(), size: { cols: 120, rows: 30 } }));
  });

  afterAll(() => closeTui({ emu, app }));

  it('shows the card of T-2 under the list, and T opens its task pane', async () => {
    await app.press('/', 'Search messages');
    await app.type('blocks the release');
    await app.press('\r', '1 hits for “blocks the release”');
    await app.press('\r', '▌  Who owns T-2? It blocks the release.');
    await app.waitFor('⤷ T-2 Fix search ranking · in review · urgent · Maria Member (@maria) · T opens');
    await app.press('T', 'T-2 Fix search ranking · Esc back');
    await app.waitFor('Ranking is off.');
    await app.press('\x1b', '⤷ T-2 Fix search ranking');
  });

  it("the task pane's times read as the messages' do, not as ISO strings", async () => {
    const task = await storedTask(emu, 2);
    const created = String(task?.created_at);
    await app.press('T', 'T-2 Fix search ranking · Esc back');
    const frame = (await app.untilFrame((f) => f.some((l) => l.includes('created')), { what: 'the created row' })).join('\n');
    expect(frame).toContain(`created      ${shortTime(created)}`);
    expect(frame).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:/);
    await app.press('\x1b', '⤷ T-2 Fix search ranking');
  });

  it('says so for a ref nobody can read, and a ref only inside code or a URL is none', async () => {
    await app.press('k', '⤷ T-999: no such task that you can read');
    await app.press('j');
    await app.press('j', '▌  Only code here');
    await app.press('T', 'The selected message names no task (T-<n>).');
  });
});
