// A key written the moment a view's frame appears, in a real pseudo-terminal: the state that key
// reads is ready when the frame that shows it is drawn, whatever the view still does after the
// frame. No settle between the frame and the key: it is written in the same turn that saw the frame.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fixture } from '../../../emulator/fixture';
import { loadFixture } from '../../support/emulator';
import { closeTui, startTui, type TuiSession } from '../support/tui-session';

const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const HELPER_AGENT = 'a9000000-0000-4000-8000-000000000001';
const STOPPED_RUN = 'b0000000-0000-4000-8000-000000000001';
const ROOT = 'e0000000-0000-4000-8000-000000000101';
const OLIVIA = 'hpt_owner_all';
const TIMES = 6;

/** basic.json with two messages of the helper agent the newest of #general, one of them starting a run. */
function fixture(): Fixture {
  const f = loadFixture('basic');
  (f.messages ??= []).push(
    { id: ROOT, channel_id: GENERAL, author_id: HELPER_AGENT, body: 'Looked into the ranking.', created_at: '2026-11-21T09:20:00.000000Z', run_id: STOPPED_RUN },
    { id: 'e0000000-0000-4000-8000-000000000102', channel_id: GENERAL, author_id: HELPER_AGENT, body: 'Working on the client notes.', created_at: '2026-11-21T09:21:00.000000Z' },
    { id: 'e0000000-0000-4000-8000-000000000103', channel_id: GENERAL, author_id: HELPER_AGENT, body: 'A reply in the thread.', created_at: '2026-11-21T09:22:00.000000Z', parent_id: ROOT },
  );
  return f;
}

describe('a key written at the frame that shows its view', () => {
  let emu: TuiSession['emu'];
  let app: TuiSession['app'];

  beforeAll(async () => {
    ({ emu, app } = await startTui({ fixture: fixture(), size: { cols: 120, rows: 30 }, env: () => ({ WSC_TOKEN: OLIVIA }), ready: ['Olivia Owner (@olivia) in', 'general'] }));
  });

  afterAll(() => closeTui({ emu, app }));

  /** Writes `key` in the same turn as the frame showing `shown` arrives, then waits for what only the key shows. */
  async function atFrame(before: string, shown: string, key: string, after: string): Promise<void> {
    const since = app.mark();
    app.write(before);
    await app.waitFor(shown, { since });
    const keyed = app.mark();
    app.write(key);
    await app.waitFor(after, { since: keyed, what: `${JSON.stringify(key)} written at the frame showing ${shown}`, timeoutMs: 10_000 });
  }

  it('k right after Esc brings the channel back from a run or a thread moves its selection', async () => {
    await app.press('\r', '▌  Working on the client notes.');
    for (let i = 0; i < TIMES; i++) {
      await app.press('k', '▌  Looked into the ranking.');
      // From the run timeline back to the channel, the newest message selected: k moves up at once.
      await app.press('o', `Run ${STOPPED_RUN}`);
      await atFrame('\x1b', '▌  Working on the client notes.', 'k', '▌  Looked into the ranking.');
      // From the thread back likewise.
      await app.press('\r', 'Thread in');
      await atFrame('\x1b', '▌  Working on the client notes.', 'k', '▌  Looked into the ranking.');
      await app.press('j', '▌  Working on the client notes.');
    }
    await app.press('\x1b', 'Pick a channel');
  });

  it('k at the first frame of a channel opened at a search hit moves up from the hit', async () => {
    for (let i = 0; i < TIMES; i++) {
      await app.press('/', 'Search messages');
      await app.type('split the work');
      await app.press('\r', '1 hits for “split the work”');
      // The first frame of the channel that holds the hit (the saved copy's or the service's).
      const since = app.mark();
      app.write('\r');
      await app.untilFrame((f) => f.join('\n').includes('Company-wide') && f.join('\n').includes('Plan: split the work between two specialists.'), { since, what: 'the channel holding the hit' });
      const keyed = app.mark();
      app.write('k');
      await app.waitFor('▌  @maria please review the docs change.', { since: keyed, what: 'k written at the first frame holding the hit', timeoutMs: 10_000 });
      await app.press('\x1b', '1 hits for');
      await app.press('\x1b', 'Pick a channel');
    }
  });

  it('k at the frame that shows a run timeline moves up from the newest event it follows', async () => {
    await app.press('\r', '▌  Working on the client notes.');
    for (let i = 0; i < TIMES; i++) {
      await app.press('k', '▌  Looked into the ranking.');
      // The events and the selection on the newest come in one frame; k stops following one above it.
      await atFrame('o', `Run ${STOPPED_RUN} · 8 events`, 'k', 'G follows');
      await app.press('\r', `Run ${STOPPED_RUN} · event 7 · Esc back`);
      await app.press('\x1b', `Run ${STOPPED_RUN} · 8 events`);
      await app.press('\x1b', '▌  Working on the client notes.');
    }
    await app.press('\x1b', 'Pick a channel');
  });

  it('the palette opened, filtered and confirmed in one write opens the command', async () => {
    for (let i = 0; i < TIMES; i++) {
      const since = app.mark();
      app.write(':get_task\r');
      await app.waitFor('get_task (', { since, what: `the form of get_task (time ${i + 1})`, timeoutMs: 10_000 });
      await app.press('\x1b', 'type to filter');
      // The palette's list shown, a filter and Enter read together.
      await atFrame('\x1b', ': ▏  (', 'delete_task\r', 'delete_task (');
      await app.press('\x1b', 'type to filter');
      await app.press('\x1b', ': ▏  (');
      await app.press('\x1b', 'Pick a channel');
      expect(app.exitCode).toBeNull();
    }
  });
});
