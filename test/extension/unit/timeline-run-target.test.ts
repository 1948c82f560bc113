import { describe, expect, it } from 'vitest';
import { runChoicesFromMessages, runTargetOf } from '../../../extension/timeline/run-target';

describe('runTargetOf', () => {
  it('takes a run id, a message or mention with run_id, and tree items wrapping them', () => {
    expect(runTargetOf('b0000000-0000-4000-8000-000000000001')).toEqual({ kind: 'run', runId: 'b0000000-0000-4000-8000-000000000001' });
    expect(runTargetOf('  ')).toEqual({ kind: 'ask' });
    expect(runTargetOf({ id: 'm1', body: 'x', run_id: 'r9' })).toEqual({ kind: 'run', runId: 'r9' });
    expect(runTargetOf({ mention: { id: 'm1', run_id: 'r8', reason: 'mention' } })).toEqual({ kind: 'run', runId: 'r8' });
    expect(runTargetOf({ runId: 'r7' })).toEqual({ kind: 'run', runId: 'r7' });
    expect(runTargetOf(undefined)).toEqual({ kind: 'ask' });
    expect(runTargetOf({ id: 'm1', run_id: null })).toEqual({ kind: 'ask' });
  });

  it('offers the manager and specialists of a fan-out plan', () => {
    const node = (run_id: string, status: string) => ({ run_id, status, started_at: '2026-11-21T08:00:00Z', ended_at: null });
    const target = runTargetOf({ id: 'm', runGraph: { manager: node('mgr', 'running'), specialists: [node('s1', 'succeeded'), node('s2', 'running')] } });
    expect(target.kind).toBe('choose');
    if (target.kind === 'choose') expect(target.choices.map((c) => c.runId)).toEqual(['mgr', 's1', 's2']);
    const single = runTargetOf({ id: 'm', runGraph: { manager: node('mgr', 'running'), specialists: [] } });
    expect(single).toEqual({ kind: 'run', runId: 'mgr' });
  });

  it('recognises a task (its runs are looked up by the command)', () => {
    const task = { id: 't1', number: 3, ref: 'T-3', title: 'Fix', channel_id: 'c1', status: 'doing' };
    expect(runTargetOf(task)).toEqual({ kind: 'task', task: { id: 't1', ref: 'T-3', title: 'Fix', channel_id: 'c1' } });
    expect(runTargetOf({ task })).toMatchObject({ kind: 'task' });
  });
});

describe('runChoicesFromMessages', () => {
  it('lists each run once, newest message first', () => {
    const choices = runChoicesFromMessages([
      { id: 'a', body: 'old', created_at: '2026-01-01T00:00:00Z', run_id: 'r1' },
      { id: 'b', body: 'new', created_at: '2026-01-02T00:00:00Z', run_id: 'r2' },
      { id: 'c', body: 'again', created_at: '2026-01-03T00:00:00Z', run_id: 'r1' },
      { id: 'd', body: 'none', created_at: '2026-01-04T00:00:00Z' },
    ]);
    expect(choices.map((c) => c.runId)).toEqual(['r1', 'r2']);
    expect(choices[0]?.label).toBe('again');
  });

  it('orders by timestamp value, not as strings', () => {
    // As strings '…05Z' sorts after '…05.5Z'; in time it is before.
    const choices = runChoicesFromMessages([
      { id: 'a', body: 'whole second', created_at: '2026-01-01T00:00:05Z', run_id: 'r1' },
      { id: 'b', body: 'half past', created_at: '2026-01-01T00:00:05.5Z', run_id: 'r2' },
    ]);
    expect(choices.map((c) => c.runId)).toEqual(['r2', 'r1']);
  });
});
