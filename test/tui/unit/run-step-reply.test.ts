// The terminal UI's reply to a run's step: drafted in the run's thread (its compose key), mentioning
// the agent and quoting the step as the timeline describes it; nothing without the run's thread.
// The event's details show a carried change as its unified diff.
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../../shared/contract';
import { runEventDetailLines } from '../../../tui/views/RunEventView';
import { stepReplyDraft } from '../../../tui/views/run-step-reply';

const event = (name: string, payload: unknown): RunEvent =>
  ({ seq: 5, name, version: 1, runtime: 'claude', lane: 'main', at: '2026-11-28T10:00:00.000000Z', known: true, redaction: null, payload }) as RunEvent;
const thread = { channelId: 'c1', rootId: 'm1', agentHandle: 'scout' };

describe('stepReplyDraft', () => {
  it("drafts the reply in the run's thread and opens it", () => {
    const draft = stepReplyDraft(thread, event('tool.call', { tool: 'shell', input_summary: 'npm test' }));
    expect(draft).toEqual({ draftKey: 'thread:m1', text: '@scout about this step:\n\n> Step 5: Tool shell — npm test\n\n', view: { kind: 'thread', channelId: 'c1', rootId: 'm1' } });
    expect(stepReplyDraft(undefined, event('note', { text: 'x' }))).toBeNull();
  });
});

describe('runEventDetailLines', () => {
  it('shows the file and, when the event carries it, the change as a unified diff', () => {
    const diff = '@@ -1 +1 @@\n-const a = 1;\n+const a = 2;';
    const lines = runEventDetailLines(event('file.changed', { path: 'src/a.ts', change: 'modified', diff }), 80).map(String);
    expect(lines).toContain('file       src/a.ts');
    const at = lines.indexOf('change');
    expect(lines.slice(at + 1, at + 4)).toEqual(['@@ -1 +1 @@', '-const a = 1;', '+const a = 2;']);
    const plain = runEventDetailLines(event('file.changed', { path: 'src/b.ts', change: 'modified' }), 80).map(String);
    expect(plain).toContain('file       src/b.ts (the event does not carry the change)');
    expect(plain).not.toContain('change');
  });
});
