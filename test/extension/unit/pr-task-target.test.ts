import { describe, expect, it } from 'vitest';
import { branchTaskLabel, taskIdOf } from '../../../extension/pull-requests/task-target';

describe('which task a PR command acts on', () => {
  it('reads tree nodes, rows, {ref}/{taskId} and strings', () => {
    expect(taskIdOf({ kind: 'task', task: { id: 'f1', ref: 'T-3' } })).toBe('T-3');
    expect(taskIdOf({ id: 'f1', ref: 'T-3', title: 'x' })).toBe('T-3');
    expect(taskIdOf({ taskId: 'T-9' })).toBe('T-9');
    expect(taskIdOf(' T-4 ')).toBe('T-4');
    expect(taskIdOf({ id: 'uuid-only' })).toBe('uuid-only');
    expect(taskIdOf(undefined)).toBeUndefined();
    expect(taskIdOf('')).toBeUndefined();
    expect(taskIdOf({ ref: '' })).toBeUndefined();
  });
  it('labels the status bar item with ref, short title and status', () => {
    expect(branchTaskLabel({ ref: 'T-3', title: 'Write deploy docs', status: 'in_review' })).toBe('$(tasklist) T-3 Write deploy docs · in review');
    expect(branchTaskLabel({ ref: 'T-3', title: 'x'.repeat(60), status: 'todo' })).toBe(`$(tasklist) T-3 ${'x'.repeat(39)}… · todo`);
  });
});
