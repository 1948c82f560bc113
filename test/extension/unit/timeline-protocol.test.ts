import { describe, expect, it } from 'vitest';
import { parseHostToTimeline, parseTimelineToHost } from '../../../extension/timeline/timeline-protocol';
import { toTimelineRow } from '../../../extension/timeline/timeline-row';
import { WITHHELD_MARKER, type RunEvent } from '../../../shared';

const base: RunEvent = { seq: 1, name: 'tool.call', version: 1, runtime: 'claude', lane: 'main', at: '2026-11-21T08:00:00Z', known: true, redaction: null, payload: { tool: 'grep', call_id: 'c1', input_summary: 'rank' } };

describe('timeline message union', () => {
  it('accepts each webview message of the union and nothing else', () => {
    expect(parseTimelineToHost({ type: 'ready' })).toEqual({ type: 'ready' });
    expect(parseTimelineToHost({ type: 'retry' })).toEqual({ type: 'retry' });
    expect(parseTimelineToHost({ type: 'retry', extra: 1 })).toBeNull();
    expect(parseTimelineToHost({ type: 'toString' })).toBeNull();
    expect(parseTimelineToHost({ type: 'openRun', runId: 'b1' })).toEqual({ type: 'openRun', runId: 'b1' });
    expect(parseTimelineToHost({ type: 'openRun', runId: '' })).toBeNull();
    expect(parseTimelineToHost({ type: 'openRun', runId: 'x'.repeat(201) })).toBeNull();
    expect(parseTimelineToHost({ type: 'rendered', total: 3, matching: 2, domRows: 2, clippedButtons: 0 })).toEqual({ type: 'rendered', total: 3, matching: 2, domRows: 2, clippedButtons: 0 });
    expect(parseTimelineToHost({ type: 'rendered', total: -1, matching: 2, domRows: 2, clippedButtons: 0 })).toBeNull();
    expect(parseTimelineToHost({ type: 'eval', code: 'x' })).toBeNull();
    expect(parseTimelineToHost('ready')).toBeNull();
    expect(parseTimelineToHost(null)).toBeNull();
  });

  it('the webview drops a host message of another shape', () => {
    const row = toTimelineRow(base);
    expect(parseHostToTimeline({ type: 'events', rows: [row] })).toEqual({ type: 'events', rows: [row] });
    expect(parseHostToTimeline({ type: 'events', rows: [{ ...row, kind: 'bogus' }] })).toBeNull();
    expect(parseHostToTimeline({ type: 'follow', state: 'following', after: 3, nextPollInMs: 1000 })).toEqual({ type: 'follow', state: 'following', after: 3, nextPollInMs: 1000 });
    expect(parseHostToTimeline({ type: 'follow', state: 'dancing', after: 3 })).toBeNull();
    expect(parseHostToTimeline({ type: 'init', runId: 'r', title: 't', resumedAfter: null, canReply: true })).toEqual({ type: 'init', runId: 'r', title: 't', resumedAfter: null, canReply: true });
    expect(parseHostToTimeline({ type: 'retryResult', ok: false, message: 'm', hint: 'h' })).toEqual({ type: 'retryResult', ok: false, message: 'm', hint: 'h' });
  });
});

describe('toTimelineRow', () => {
  it('draws each kind with its own codicon and the shared summary', () => {
    const row = toTimelineRow(base);
    expect(row).toMatchObject({ kind: 'tool', codicon: 'tools', title: 'Tool grep', detail: 'rank', known: true, withheld: false });
    expect(toTimelineRow({ ...base, name: 'file.changed', payload: { path: 'a.ts', change: 'modified', additions: 1, deletions: 2 } }).codicon).toBe('diff');
    expect(toTimelineRow({ ...base, name: 'file.changed', payload: { path: 'a.ts', change: 'modified' } })).toMatchObject({ filePath: 'a.ts', fileDiff: false });
    expect(toTimelineRow({ ...base, name: 'file.changed', payload: { path: 'a.ts', diff: '@@ -1 +1 @@\n-a\n+b' } })).toMatchObject({ filePath: 'a.ts', fileDiff: true });
    expect(toTimelineRow(base)).not.toHaveProperty('filePath');
    expect(toTimelineRow({ ...base, name: 'check.completed', payload: { name: 'ci', conclusion: 'failure' } }).codicon).toBe('error');
    expect(toTimelineRow({ ...base, name: 'usage.reported', payload: { input_tokens: 1, output_tokens: 2 } }).kind).toBe('usage');
    expect(toTimelineRow({ ...base, name: 'review.submitted', payload: { verdict: 'approved' } }).codicon).toBe('eye');
  });

  it('keeps known:false and withheld events as such', () => {
    const unknown = toTimelineRow({ ...base, name: 'future.hologram', known: false, payload: { anything: true } });
    expect(unknown).toMatchObject({ kind: 'unknown', known: false, codicon: 'question' });
    const newer = toTimelineRow({ ...base, name: 'note', version: 7, known: false, payload: { text: 'x' } });
    expect(newer).toMatchObject({ kind: 'unknown', known: false, title: 'note (v7)' });
    const withheld = toTimelineRow({ ...base, name: 'note', redaction: 'withheld', payload: { withheld: WITHHELD_MARKER } });
    expect(withheld).toMatchObject({ kind: 'withheld', withheld: true, codicon: 'eye-closed' });
    expect(withheld.detail).toMatch(/128 KiB/);
  });

  it('links a child run to its own timeline', () => {
    const child = toTimelineRow({ ...base, name: 'child.started', payload: { run_id: 'b2', agent: 'Scout', lane: 'tests' } });
    expect(child.childRunId).toBe('b2');
    expect(toTimelineRow(base).childRunId).toBeUndefined();
  });
});
