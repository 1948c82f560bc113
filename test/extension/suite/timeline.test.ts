// The run-event timeline inside the real VS Code, driven through the panel's validated
// message handler and its snapshot (no pixel clicks). The webview reports what it drew.
import * as assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import type { WscTestApi } from '../../../extension/test-api';
import type { TimelinePanel } from '../../../extension/timeline/timeline-panel';
import { runPositionKey } from '../../../extension/timeline/run-position-store';
import { FIXTURE, controlPost, serviceUrl, signedIn, waitFor } from './support';

const RUN_MIXED = 'b0000000-0000-4000-8000-000000000001'; // stopped: unknown, newer-version and withheld events
const RUN_PARENT = 'b0000000-0000-4000-8000-000000000002'; // settled, with a child run
const RUN_LIVE = 'b0000000-0000-4000-8000-000000000003'; // running
const RUN_STOPPED = 'b0000000-0000-4000-8000-000000000005'; // stopped, requested by the owner

let api: WscTestApi;

const control = (path: string, body: unknown) => controlPost(path, body);

async function open(runId: string): Promise<TimelinePanel> {
  const panel = await vscode.commands.executeCommand<TimelinePanel | undefined>('wsc.openRunTimeline', runId);
  assert.ok(panel, `the timeline of ${runId} opened`);
  return panel;
}

suite('run timeline', () => {
  suiteSetup(async () => {
    api = await signedIn();
    api.timeline.setPoll({ minMs: 150, maxMs: 600 });
  });

  test('opens for a fixture run and shows known:false and withheld events as such, drawn by the webview', async () => {
    const panel = await open(RUN_MIXED);
    const snap = await waitFor('the ledger to load', () => {
      const s = panel.snapshot();
      return s.rows.length === 8 && s.follow === 'stopped' ? s : undefined;
    });
    const unknown = snap.rows.filter((r) => !r.known);
    assert.deepEqual(unknown.map((r) => r.name).sort(), ['future.hologram', 'note'], 'the unknown name and the newer payload version stay, marked unknown');
    assert.ok(unknown.every((r) => r.kind === 'unknown' && r.codicon === 'question'));
    const withheld = snap.rows.filter((r) => r.withheld);
    assert.equal(withheld.length, 1, 'the event over the page budget is kept with a withheld marker');
    assert.equal(withheld[0]?.kind, 'withheld');
    assert.match(withheld[0]?.detail ?? '', /128 KiB/);
    assert.deepEqual(new Set(snap.rows.map((r) => r.kind)), new Set(['run', 'tool', 'unknown', 'file', 'withheld']));
    const rendered = await waitFor('the webview to draw the rows', () => {
      const r = panel.snapshot().rendered;
      return r && r.total === 8 ? r : undefined;
    });
    assert.ok(rendered.domRows > 0 && rendered.domRows <= 8 + 1, `only the visible rows are in the DOM (${rendered.domRows})`);
    assert.ok(panel.snapshot().posted.some((m) => m.type === 'follow' && m.state === 'stopped'), 'the stopped run is shown as stopped');
  });

  test('ignores webview messages outside the union', async () => {
    const panel = await open(RUN_MIXED);
    const before = panel.snapshot().posted.length;
    await panel.receive({ type: 'openRun', runId: '../../etc' , extra: true });
    await panel.receive({ type: 'eval', code: 'alert(1)' });
    await panel.receive('retry');
    assert.equal(panel.snapshot().posted.length, before, 'nothing was done for invalid messages');
  });

  test('follows events appended while the run is active, and stops after it settles', async () => {
    const panel = await open(RUN_LIVE);
    await waitFor('the first event and live follow', () => {
      const s = panel.snapshot();
      return s.rows.length === 1 && s.follow === 'following';
    });
    await control(`/runs/${RUN_LIVE}/events`, {
      events: [
        { name: 'tool.call', runtime: 'claude', lane: 'main', payload: { tool: 'grep', call_id: 'x1', input_summary: 'needle' } },
        { name: 'check.completed', runtime: 'ci', lane: 'checks', payload: { name: 'unit', conclusion: 'success' } },
      ],
    });
    const grown = await waitFor('the appended events', () => (panel.snapshot().rows.length === 3 ? panel.snapshot() : undefined));
    assert.deepEqual(grown.rows.slice(1).map((r) => r.title), ['Tool grep', 'Check unit: success']);
    await control(`/runs/${RUN_LIVE}/events`, { events: [{ name: 'run.settled', runtime: 'claude', lane: 'main', payload: { status: 'succeeded', summary: 'done' } }] });
    const settled = await waitFor('the run to settle', () => (panel.snapshot().follow === 'settled' ? panel.snapshot() : undefined));
    assert.equal(settled.rows.length, 4);
    await control(`/runs/${RUN_LIVE}/events`, { events: [{ name: 'note', runtime: 'claude', lane: 'main', payload: { text: 'after settle' } }] });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.equal(panel.snapshot().rows.length, 4, 'no reading after the run settled');
    const key = runPositionKey(serviceUrl(), RUN_LIVE);
    assert.equal(api.services.context.workspaceState.get(key), settled.after, 'nextAfter is kept per run in workspaceState');
    await waitFor('the webview to draw 4 rows', () => panel.snapshot().rendered?.total === 4);

    // Refresh on a settled run reads again, finds the late note, and stays settled: no live follow,
    // no retry offered (the service refuses to retry a settled run), no polling.
    const reads = panel.snapshot().readsEnded;
    const postedBefore = panel.snapshot().posted.length;
    await panel.receive({ type: 'refresh' });
    await waitFor('the refresh read to end', () => panel.snapshot().readsEnded > reads);
    const after = panel.snapshot();
    assert.equal(after.follow, 'settled');
    assert.equal(after.rows.length, 5, 'the note appended after the settle is read on Refresh');
    assert.ok(!after.posted.slice(postedBefore).some((m) => m.type === 'follow' && m.state !== 'settled'), 'never shown as live after Refresh');
  });

  test('reopening a run resumes where it left off (the saved nextAfter is marked)', async () => {
    const first = await open(RUN_PARENT);
    const seen = await waitFor('the settled run', () => (first.snapshot().follow === 'settled' ? first.snapshot() : undefined));
    first.dispose();
    const again = await open(RUN_PARENT);
    assert.notEqual(again, first);
    await waitFor('the history again', () => again.snapshot().follow === 'settled');
    assert.equal(again.snapshot().resumedAfter, seen.after, 'the reopened panel knows where the person left off');
    assert.equal(again.snapshot().rows.length, seen.rows.length, 'the history is drawn again, without repeats');
  });

  test('after a reload the serializer restores the panel from its saved state and resumes', async () => {
    const before = await open(RUN_PARENT);
    const seen = await waitFor('the settled run', () => (before.snapshot().follow === 'settled' ? before.snapshot() : undefined));
    before.dispose();
    // What VS Code hands the serializer after a window reload: a fresh panel and the webview's state.
    const fresh = vscode.window.createWebviewPanel('wsc.runTimeline', 'restored', vscode.ViewColumn.Active, {});
    const restored = await api.timeline.restore(fresh, { runId: RUN_PARENT, text: '', kinds: [], layout: 'grouped', collapsed: [], stickToEnd: false, topSeq: 2 });
    assert.ok(restored, 'restored from the saved state');
    await waitFor('the restored ledger', () => restored.snapshot().follow === 'settled');
    assert.equal(restored.snapshot().resumedAfter, seen.after);
    await waitFor('the restored webview to draw', () => restored.snapshot().rendered?.total === seen.rows.length);
    const junk = vscode.window.createWebviewPanel('wsc.runTimeline', 'junk', vscode.ViewColumn.Active, {});
    assert.equal(await api.timeline.restore(junk, { runId: '../x' }), undefined, 'a state without a valid run id closes the panel');
  });

  test('the channel panel id wsc.openRun opens the same timeline', async () => {
    const panel = await vscode.commands.executeCommand<TimelinePanel | undefined>('wsc.openRun', { runId: RUN_PARENT });
    assert.equal(panel?.runId, RUN_PARENT);
  });

  test('a child run links to its own timeline', async () => {
    const parent = await open(RUN_PARENT);
    const child = await waitFor('the child row', () => parent.snapshot().rows.find((r) => r.childRunId));
    const drawn = await waitFor('the parent drawn', () => {
      const r = parent.snapshot().rendered;
      return r && r.total === parent.snapshot().rows.length ? r : undefined;
    });
    assert.equal(drawn.clippedButtons, 0, 'every button (Open child run too) shows its whole label');
    await parent.receive({ type: 'openRun', runId: child.childRunId });
    const childPanel = await waitFor('the child timeline', () => api.timeline.panelFor(child.childRunId ?? ''));
    // The fixture's child run has no ledger of its own: the service's 404 is shown, not hidden.
    await waitFor('the child run answer', () => childPanel.snapshot().follow === 'failed');
    // Parent and child tabs are told apart by their titles (their ids share the first 8 characters).
    const titles = vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('wsc.runTimeline'))
      .map((t) => t.label);
    assert.equal(new Set(titles).size, titles.length, `distinct tab titles: ${titles.join(' | ')}`);
    assert.ok(childPanel.snapshot().posted.some((m) => m.type === 'error' && /not found|Check the run id/i.test(`${m.message} ${m.hint ?? ''}`)));
  });

  test('retries a stopped run and shows the service answer; a second retry shows its refusal', async () => {
    const panel = await open(RUN_STOPPED);
    await waitFor('the stopped run', () => panel.snapshot().rows.length === 1);
    await panel.receive({ type: 'retry' });
    const accepted = panel.snapshot().posted.filter((m) => m.type === 'retryResult').at(-1);
    assert.ok(accepted && accepted.type === 'retryResult' && accepted.ok, `the retry was accepted: ${JSON.stringify(accepted)}`);
    await waitFor('run.resumed in the timeline', () => panel.snapshot().rows.some((r) => r.name === 'run.resumed'));
    await panel.receive({ type: 'retry' });
    const refused = panel.snapshot().posted.filter((m) => m.type === 'retryResult').at(-1);
    assert.ok(refused && refused.type === 'retryResult' && !refused.ok, 'a run that is not stopped cannot be retried');
    assert.ok(refused.type === 'retryResult' && refused.hint, 'the service hint is shown');
  });

  test("the heading names the agent and the channel; a child row names its agent and its timeline is headed so; a posted message is a link", async () => {
    for (const p of api.timeline.panels()) p.dispose();
    const message = { id: 'm', body: 'x', run_id: RUN_PARENT, channel_id: FIXTURE.generalId, author: { id: 'a9000000-0000-4000-8000-000000000001', name: 'Helper', kind: 'agent' } };
    const panel = await vscode.commands.executeCommand<TimelinePanel | undefined>('wsc.openRunTimeline', message);
    assert.ok(panel);
    const heading = "Helper's run in #general (…00000002)";
    await waitFor('the heading with the channel name', () => (panel.snapshot().heading === heading ? true : undefined));
    await waitFor('the heading sent to the webview', () => panel.snapshot().posted.some((m) => m.type === 'init' && m.title === heading) || undefined);
    const child = await waitFor('the child row', () => panel.snapshot().rows.find((r) => r.childRunId));
    assert.equal(child.childAgent, 'helper');
    assert.ok(!child.detail.includes(child.childRunId ?? '?'), `the child's id stays behind its link: ${child.detail}`);
    await panel.receive({ type: 'openRun', runId: child.childRunId ?? '' });
    const childPanel = await waitFor('the child timeline', () => api.timeline.panelFor(child.childRunId ?? ''));
    await waitFor("the child's heading", () => (/^helper's run in #general \(…00000004\)$/.test(childPanel.snapshot().heading) ? true : undefined));

    // A message the run posts is a link to it in its channel, not a raw id.
    const posted = { message_id: 'e0000000-0000-4000-8000-000000000001' };
    await control(`/runs/${RUN_LIVE}/events`, { events: [{ name: 'message.posted', runtime: 'claude', lane: 'main', payload: posted }] });
    const live = await vscode.commands.executeCommand<TimelinePanel | undefined>('wsc.openRunTimeline', { ...message, run_id: RUN_LIVE });
    assert.ok(live);
    const row = await waitFor('the posted-message row', () => live.snapshot().rows.find((r) => r.name === 'message.posted'));
    assert.equal(row.messageId, posted.message_id);
    assert.equal(row.detail, '');
    api.panels.get(FIXTURE.generalId)?.dispose();
    await live.receive({ type: 'openMessage', messageId: posted.message_id });
    const channel = await waitFor('the channel panel', () => api.panels.get(FIXTURE.generalId));
    await waitFor('the message outlined', () => (channel.snapshot().shown?.focusedId === posted.message_id ? true : undefined));
    for (const p of api.timeline.panels()) p.dispose();
  });

  test("a run opened from a channel panel is headed by its channel, and a message it posted is a link", async () => {
    for (const p of api.timeline.panels()) p.dispose();
    const posted = { message_id: 'e0000000-0000-4000-8000-000000000005' };
    await control(`/runs/${RUN_LIVE}/events`, { events: [{ name: 'message.posted', runtime: 'claude', lane: 'main', payload: posted }] });
    const channel = await api.panels.open({ channelId: FIXTURE.generalId });
    assert.ok(channel, 'the channel panel opened');
    await channel.receive({ type: 'openRun', runId: RUN_LIVE });
    const panel = await waitFor('the timeline', () => api.timeline.panelFor(RUN_LIVE));
    await waitFor('the heading with the channel name', () => (/ in #general \(…00000003\)$/.test(panel.snapshot().heading) ? true : undefined), 10_000).catch(() => {
      assert.fail(`the heading names the channel: ${panel.snapshot().heading}`);
    });
    const row = await waitFor('the posted-message row', () => panel.snapshot().rows.find((r) => r.name === 'message.posted' && r.messageId === posted.message_id));
    assert.equal(row.detail, '', 'the message is a link, not its raw id');
    for (const p of api.timeline.panels()) p.dispose();
    channel.dispose();
  });

  test('opens from a message carrying run_id and from a fan-out plan with one run', async () => {
    const fromMessage = await vscode.commands.executeCommand<TimelinePanel | undefined>('wsc.openRunTimeline', { id: 'm', body: 'x', run_id: RUN_MIXED });
    assert.equal(fromMessage?.runId, RUN_MIXED);
    const node = { run_id: RUN_PARENT, status: 'succeeded', started_at: null, ended_at: null };
    const fromPlan = await vscode.commands.executeCommand<TimelinePanel | undefined>('wsc.openRunTimeline', { id: 'p', runGraph: { manager: node, specialists: [] } });
    assert.equal(fromPlan?.runId, RUN_PARENT);
    for (const p of api.timeline.panels()) p.dispose();
  });
});
