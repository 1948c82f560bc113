// Reviewing an agent's run from its timeline inside the real VS Code: a file change opens as a diff
// of the hunks when the event carries one (else the file at its path in the open folder); "Reply…"
// on a step posts in the run's thread, mentioning the agent and quoting the step (read back through
// REST); the webview offers both only where they work. The run's ledger is left as the fixture has it.
import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { fileChangeOf, type RunEvent } from '../../../shared/index';
import { openFileChange } from '../../../extension/timeline/step-actions';
import type { TimelinePanel } from '../../../extension/timeline/timeline-panel';
import { FIXTURE, serviceUrl, signedIn, waitFor } from './support';
import { inWebview } from './webview-driver';

const RUN_MIXED = 'b0000000-0000-4000-8000-000000000001'; // stopped, with a file.changed event (no diff)
const THREAD = 'e0000000-0000-4000-8000-000000000002';
const AGENT = { id: 'a9000000-0000-4000-8000-000000000001', name: 'Helper', handle: 'helper', kind: 'agent' };

const diffEvent = {
  seq: 1,
  name: 'file.changed',
  version: 1,
  runtime: 'claude',
  lane: 'main',
  at: '2026-11-28T10:00:00.000000Z',
  known: true,
  redaction: 'none',
  payload: { path: 'src/ranking.ts', change: 'modified', diff: '--- a/src/ranking.ts\n+++ b/src/ranking.ts\n@@ -1,2 +1,2 @@\n-const weight = 1;\n+const weight = 2;\n keep();\n' },
} as unknown as RunEvent;

suite('Run review in the timeline', () => {
  test('Run review: a change the event carries opens as a diff; one it does not opens the file at its path', async () => {
    const change = fileChangeOf(diffEvent);
    assert.ok(change?.sides);
    await openFileChange(change);
    const tab = await waitFor('the diff editor', () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff ? input : undefined;
    });
    const [before, after] = await Promise.all([vscode.workspace.openTextDocument(tab.original), vscode.workspace.openTextDocument(tab.modified)]);
    assert.match(before.getText(), /const weight = 1;/);
    assert.match(after.getText(), /const weight = 2;/);
    assert.ok(!after.getText().includes('const weight = 1;'));
    await openFileChange({ path: 'README.md', change: 'modified' });
    await waitFor('README.md open', () => vscode.window.activeTextEditor?.document.uri.path.endsWith('/README.md') || undefined);
    await assert.rejects(openFileChange({ path: 'src/not-here.ts', change: 'modified' }), /not in the open folder/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test("Run review: Reply… posts in the run's thread, mentioning the agent and quoting the step", async () => {
    const api = await signedIn();
    for (const p of api.timeline.panels()) p.dispose();
    const message = { id: THREAD, body: 'Release planning', run_id: RUN_MIXED, channel_id: FIXTURE.generalId, author: AGENT };
    const panel = await vscode.commands.executeCommand<TimelinePanel | undefined>('wsc.openRunTimeline', message);
    assert.ok(panel);
    try {
      const file = await waitFor('the file.changed row', () => panel.snapshot().rows.find((r) => r.name === 'file.changed'));
      assert.equal(file.filePath, 'src/search.ts');
      assert.equal(file.fileDiff, false);
      await waitFor('the webview told it can offer Reply…', () => panel.snapshot().posted.some((m) => m.type === 'init' && m.canReply) || undefined);
      const [replies, fileLinks] = await waitFor('the buttons in the webview', async () => {
        const counts = await inWebview(`Run ${RUN_MIXED}`, [
          { op: 'eval', expression: "document.querySelectorAll('.step-reply').length" },
          { op: 'eval', expression: "Array.from(document.querySelectorAll('.file-link')).map((b) => b.textContent).join(',')" },
        ]);
        return (counts[0] as number) > 0 ? counts : undefined;
      });
      assert.ok((replies as number) > 0);
      assert.equal(fileLinks, 'Open file');
      const words = `Please redo this with the whole suite (${Date.now()})`;
      const asked: string[] = [];
      panel.questions = {
        pick: async () => undefined,
        notify: async () => undefined,
        text: async (q) => {
          asked.push(q.prompt);
          return words;
        },
      };
      const id = await panel.replyToStep(file.seq);
      assert.ok(id, 'the reply was posted');
      assert.match(asked[0] ?? '', /mentioning @helper/);
      const response = await fetch(`${serviceUrl()}/api/v1/threads/${THREAD}?limit=200`, { headers: { authorization: `Bearer ${FIXTURE.ownerToken}` } });
      const thread = (await response.json()) as { replies: { id: string; body: string }[] };
      const posted = thread.replies.find((r) => r.id === id);
      assert.ok(posted, 'the reply is in the run thread');
      assert.equal(posted.body, `@helper about this step:\n\n> Step ${file.seq}: ${file.title}${file.detail ? ` — ${file.detail}` : ''}\n\n${words}`);
    } finally {
      panel.dispose();
    }
  });

  test('Run review: without the run thread the timeline offers no Reply…', async () => {
    const api = await signedIn();
    for (const p of api.timeline.panels()) p.dispose();
    const panel = await vscode.commands.executeCommand<TimelinePanel | undefined>('wsc.openRunTimeline', RUN_MIXED);
    assert.ok(panel);
    try {
      await waitFor('init', () => panel.snapshot().posted.some((m) => m.type === 'init') || undefined);
      assert.ok(panel.snapshot().posted.every((m) => m.type !== 'init' || !m.canReply));
    } finally {
      panel.dispose();
    }
  });
});
