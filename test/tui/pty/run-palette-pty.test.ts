// The run timeline and the command palette of the whole app in a real pseudo-terminal, against the
// local service in this process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fixture } from '../../../emulator/fixture';
import { loadFixture, startEmulator, type TestEmulator } from '../../support/emulator';
import { readUntil, storedTask } from '../support/api';
import { PtyApp, ensureBuilt } from '../support/pty-app';

const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const HELPER_AGENT = 'a9000000-0000-4000-8000-000000000001';
// basic.json: run 1 (stopped) holds an event of an unknown name, one of an unknown payload version
// and one too large to replay (withheld); run 3 is still running with only run.started.
const STOPPED_RUN = 'b0000000-0000-4000-8000-000000000001';
const RUNNING_RUN = 'b0000000-0000-4000-8000-000000000003';
// Run 2 started a child run (4) and settled.
const FANOUT_RUN = 'b0000000-0000-4000-8000-000000000002';
const CHILD_RUN = 'b0000000-0000-4000-8000-000000000004';
const MARIA = 'hpt_member_rw';
const MARIA_ID = 'a0000000-0000-4000-8000-000000000003';
const OLIVIA = 'hpt_owner_all';
const OLIVIA_ID = 'a0000000-0000-4000-8000-000000000001';

/** basic.json with the two runs announced by the newest messages of #general (run 3 moved there). */
function runFixture(): Fixture {
  const f = loadFixture('basic');
  for (const r of f.runs ?? []) if (r.id === RUNNING_RUN) r.channel_id = GENERAL;
  (f.messages ??= []).push(
    { id: 'e0000000-0000-4000-8000-000000000100', channel_id: GENERAL, author_id: HELPER_AGENT, body: 'Asked a specialist.', created_at: '2026-11-21T09:19:00.000000Z', run_id: FANOUT_RUN },
    { id: 'e0000000-0000-4000-8000-000000000101', channel_id: GENERAL, author_id: HELPER_AGENT, body: 'Looked into the ranking.', created_at: '2026-11-21T09:20:00.000000Z', run_id: STOPPED_RUN },
    { id: 'e0000000-0000-4000-8000-000000000102', channel_id: GENERAL, author_id: HELPER_AGENT, body: 'Working on the client notes.', created_at: '2026-11-21T09:21:00.000000Z', run_id: RUNNING_RUN },
  );
  return f;
}

describe('run timeline in a pseudo-terminal', () => {
  let emu: TestEmulator;
  let app: PtyApp;

  beforeAll(async () => {
    ensureBuilt();
    emu = await startEmulator({ fixture: runFixture() });
    app = new PtyApp([], { WSC_URL: emu.url, WSC_TOKEN: MARIA }, { cols: 120, rows: 30 });
    await app.waitFor('Maria Member (@maria) in');
    await app.waitFor('general');
    // The newest message selected (drawn a frame after the messages themselves), so k moves from it.
    await app.press('\r', '▌  Working on the client notes.');
  });

  afterAll(async () => {
    await app?.quit();
    await emu?.stop();
  });

  it('opens a recorded run: unknown events and the withheld payload are shown as such', async () => {
    // The newest message (run 3) is selected; the one above it started run 1.
    await app.press('k', '▌  Looked into the ranking.');
    const since = app.mark();
    await app.press('o', `Run ${STOPPED_RUN} · 8 events`);
    // The header can be written before the rows of its frame (on a busy machine): wait for each row.
    for (const row of [/future\.hologram \(v1\) \[unknown event\]/, /note \(v7\) \[unknown event\]/, /note: output withheld \[withheld\]/, /grep/, 'src/search.ts']) {
      await app.waitFor(row, { since });
    }
  });

  it("Enter shows the selected event's details and payload; Esc goes back to the timeline", async () => {
    // Following selects the newest event (8, run.stopped); two up is 6, file.changed.
    await app.press('k');
    await app.press('k');
    await app.press('\r', 'event      file.changed v1');
    await app.waitFor(`Run ${STOPPED_RUN} · event 6 · Esc back`);
    await app.waitFor('"path": "src/search.ts"');
    await app.waitFor('lane       main');
    await app.press('\x1b', `Run ${STOPPED_RUN} · 8 events`);
  });

  it('follows a live run: appended events appear, and it stops at run.settled', async () => {
    // Back in the channel, the newest message (run 3) is selected again.
    await app.press('\x1b', '▌  Working on the client notes.');
    await app.press('o', `Run ${RUNNING_RUN} · 1 events · following…`);
    await emu.control.appendRunEvents(RUNNING_RUN, [
      { name: 'tool.call', runtime: 'claude', lane: 'main', payload: { tool: 'read_file', call_id: 'c9', input_summary: 'notes/client.md' } },
      { name: 'file.changed', runtime: 'claude', lane: 'review', payload: { path: 'notes/summary.md', change: 'added', additions: 12, deletions: 0 } },
    ]);
    await app.waitFor(`Run ${RUNNING_RUN} · 3 events · following…`, { timeoutMs: 12_000 });
    await app.waitFor('notes/summary.md');
    await emu.control.appendRunEvents(RUNNING_RUN, [{ name: 'run.settled', runtime: 'claude', lane: 'main', payload: { status: 'succeeded', summary: 'client notes summarised' } }]);
    await app.waitFor(`Run ${RUNNING_RUN} · 4 events · settled`);
    // The header can land a write before the rows of the same frame: wait for the row itself.
    await app.waitFor('Run succeeded — client notes summarised');
    const frame = app.lastFrame().join('\n');
    expect(frame).not.toContain('[unknown event]');
  });

  it("a child run's event leads to the child's own timeline", async () => {
    await app.press('\x1b', '▌  Working on the client notes.');
    await app.press('k', '▌  Looked into the ranking.');
    await app.press('k', '▌  Asked a specialist.');
    await app.press('o', `Run ${FANOUT_RUN} · 3 events · settled`);
    await app.press('k');
    await app.press('\r', `child run  ${CHILD_RUN} · Enter opens its timeline`);
    await app.press('\r', `Run ${CHILD_RUN} ·`);
  });

  it("r on a step drafts the reply in the run's thread, mentioning the agent and quoting the step; sent from there", async () => {
    // Back from the child's timeline, its event and the parent's timeline to the channel.
    await app.press('\x1b', `event 2 · Esc back`);
    await app.press('\x1b', `Run ${FANOUT_RUN} · 3 events · settled`);
    await app.press('\x1b', '▌  Working on the client notes.');
    await app.press('k', '▌  Looked into the ranking.');
    await app.press('o', `Run ${STOPPED_RUN} · 8 events`);
    await app.waitFor('r reply');
    await app.press('k');
    await app.press('k');
    await app.press('\r', 'event      file.changed v1');
    await app.press('r', '> Step 6: modified src/search.ts');
    await app.waitFor("drafted in the run's thread");
    await app.press('i');
    await app.type('please redo it');
    await app.press('\r');
    const root = 'e0000000-0000-4000-8000-000000000101';
    // Only Maria's: the mention summons the agent, which may answer in the thread meanwhile.
    const replies = async () => (await emu.control.state()).tables.messages?.filter((m) => m.parent_id === root && m.author_id === MARIA_ID) ?? [];
    const sent = await readUntil(replies, (rows) => rows.length > 0);
    expect(sent).toHaveLength(1);
    expect(String(sent[0]?.body)).toMatch(/^@helper about this step:\n\n> Step 6: modified src\/search\.ts — \+4 −1\n\n[\s\S]*please redo it$/);
  });
});

describe('command palette in a pseudo-terminal', () => {
  let emu: TestEmulator;
  let app: PtyApp;

  beforeAll(async () => {
    ensureBuilt();
    emu = await startEmulator();
    app = new PtyApp([], { WSC_URL: emu.url, WSC_TOKEN: OLIVIA }, { cols: 120, rows: 30 });
    await app.waitFor('Olivia Owner (@olivia) in');
    await app.waitFor('general');
  });

  afterAll(async () => {
    await app?.quit();
    await emu?.stop();
  });

  /** Leaves the palette: the first Esc clears the filter, the second goes back. */
  async function closePalette(): Promise<void> {
    await app.press('\x1b', ': ▏  (');
    await app.press('\x1b', 'Pick a channel');
  }

  /** Opens the palette (from wherever the app is) and the form of `command`. */
  async function openForm(command: string): Promise<void> {
    await app.press(':', 'type to filter');
    await app.type(command);
    await app.press('\r', `${command} (`);
  }

  it('runs a read command and shows its output', async () => {
    await openForm('get_task');
    await app.type('T-3');
    await app.press('\r', 'Result · ↑↓ scroll');
    await app.waitFor('"title": "Write deploy docs"');
    await app.waitFor('get_task: done');
    await app.press('\r', 'type to filter');
    await closePalette();
  });

  it('runs a mutation and shows its receipt', async () => {
    await openForm('assign_task');
    await app.type('T-3');
    await app.press('\r', '▸assigneeUserId');
    await app.type(OLIVIA_ID);
    await app.press('\r', '▸assigneeAgentId');
    await app.press('\r', /receipt: action \S+[^]*?request [0-9a-f-]{36}/);
    await app.waitFor('assign_task: done');
    expect((await storedTask(emu, 3))?.assignee_user_id).toBe(OLIVIA_ID);
    await app.press('\x1b', 'type to filter');
    await closePalette();
  });

  it('refuses a destructive command with a wrong confirmation phrase, runs it with the exact one', async () => {
    await openForm('delete_task');
    await app.waitFor('Destructive: it asks for the exact confirmation phrase.');
    await app.waitFor('type exactly: delete task permanently');
    await app.type('T-6');
    await app.press('\r', '▸confirm');
    await app.type('delete task');
    await app.press('\r', 'Type the confirmation exactly: delete task permanently');
    expect((await storedTask(emu, 6))?.title).toBe('Old cleanup');
    await app.type(' permanently');
    await app.press('\r', /receipt: action \S+[^]*?request \S+/);
    expect(await storedTask(emu, 6)).toBeUndefined();
  });
});
