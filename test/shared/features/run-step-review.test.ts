// Reviewing a run's steps (shared by the editor's timeline and the terminal UI's run view): the reply
// to a step mentions the agent and quotes the step on one line; a file.changed event gives its path
// and, when it carries a unified diff, both sides of the hunks.
import { describe, expect, it } from 'vitest';
import { fileChangeOf, sidesOfUnifiedDiff } from '../../../shared/run-events/file-change';
import { stepQuote, stepReplyBody } from '../../../shared/run-events/step-reply';
import type { RunEvent } from '../../../shared/contract';

const event = (payload: unknown, extra: Partial<RunEvent> = {}): RunEvent =>
  ({ seq: 7, name: 'file.changed', version: 1, runtime: 'claude', lane: 'main', at: '2026-11-28T10:00:00.000000Z', known: true, redaction: 'none', payload, ...extra }) as RunEvent;

describe('replying to a step', () => {
  it('mentions the agent, quotes the step on one line, then the words', () => {
    expect(stepReplyBody('@scout', { seq: 12, title: 'Tool shell', detail: 'npm test\n-- --related' }, '  Please run the whole suite.  ')).toBe(
      '@scout about this step:\n\n> Step 12: Tool shell — npm test -- --related\n\nPlease run the whole suite.',
    );
    expect(stepQuote({ seq: 3, title: 'modified src/a.ts\n\n# not a heading' })).toBe('> Step 3: modified src/a.ts # not a heading');
  });
});

describe('a file change', () => {
  const diff = ['--- a/src/a.ts', '+++ b/src/a.ts', '@@ -1,3 +1,3 @@', ' keep', '-old line', '+new line', ' tail', '@@ -10,2 +10,3 @@', ' ten', '+added', '\\ No newline at end of file'].join('\n');

  it('gives both sides of every hunk', () => {
    expect(sidesOfUnifiedDiff(diff)).toEqual({
      before: ['@@ -1,3 +1,3 @@', 'keep', 'old line', 'tail', '', '@@ -10,2 +10,3 @@', 'ten'].join('\n'),
      after: ['@@ -1,3 +1,3 @@', 'keep', 'new line', 'tail', '', '@@ -10,2 +10,3 @@', 'ten', 'added'].join('\n'),
    });
    expect(sidesOfUnifiedDiff('not a diff')).toBeNull();
  });

  it('names the path; the diff only when the event carries one; nothing for withheld or other events', () => {
    expect(fileChangeOf(event({ path: 'src/a.ts', change: 'modified', diff }))).toMatchObject({ path: 'src/a.ts', change: 'modified', sides: { after: expect.stringContaining('new line') } });
    expect(fileChangeOf(event({ path: 'src/b.ts' }))).toEqual({ path: 'src/b.ts', change: 'changed' });
    expect(fileChangeOf(event({ withheld: 'replay_transport_budget' }, { redaction: 'withheld' }))).toBeNull();
    expect(fileChangeOf(event({ path: 'x' }, { name: 'tool.call' }))).toBeNull();
    expect(fileChangeOf(event({ path: '' }))).toBeNull();
  });
});
